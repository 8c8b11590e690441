import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { channelRoutingSchema, digestSchema, type ChannelRouting, type DigestSetting } from './channel-routing'
import { idSchema } from './common'
import { secretStorageSchema } from './profiles'

/**
 * Where alerts go off the page (part of the alerts area): channels (webhook, Slack, Discord, Telegram,
 * email, PagerDuty, ntfy, Pushover, Matrix), what each takes (channel-routing.ts), a test send, and the
 * delivery log of the outbox that sends each alert change at least once.
 *
 * A channel's secret (a webhook URL, a bot token, an SMTP password) is given once, to alerts.addChannel,
 * and never comes back: alerts.channels shows a redacted target (the host), and no message names it.
 * A URL that carries a secret must be https; plain http is accepted for a loopback host only
 * (127.0.0.0/8, ::1, localhost), where it never crosses a network.
 */
export const CHANNEL_KINDS = ['webhook', 'slack', 'discord', 'telegram', 'email', 'pagerduty', 'ntfy', 'pushover', 'matrix'] as const
export type ChannelKind = (typeof CHANNEL_KINDS)[number]

export const DEFAULT_TELEGRAM_API = 'https://api.telegram.org'
export const DEFAULT_PAGERDUTY_API = 'https://events.pagerduty.com'
export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh'
export const DEFAULT_PUSHOVER_API = 'https://api.pushover.net'
export const MAX_CHANNELS = 50

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/** Whether a host name (as URL.hostname gives it) is this machine's loopback. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname) || hostname === '::1'
}

/**
 * A URL that carries a secret, checked without ever echoing it back: http(s), no user name or password,
 * https unless the host is loopback. `field` names it in the messages. (The watch's heartbeat URL follows
 * the same rules: watch-heartbeat.ts.)
 */
export const secretUrl = (field: string, example: string, opts: { query: boolean }) =>
  z
    .string({ error: `${field} must be an http(s) URL such as ${example}` })
    .trim()
    .max(2_048, `${field} must be at most 2048 characters`)
    .superRefine((v, ctx) => {
      let u: URL
      try {
        u = new URL(v)
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} must be an http(s) URL such as ${example}` })
        return
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: `${field} must be an http(s) URL such as ${example}` })
        return
      }
      if (u.username || u.password) ctx.addIssue({ code: 'custom', message: `${field} must not contain a user name or password` })
      if (u.hash || (!opts.query && u.search)) ctx.addIssue({ code: 'custom', message: `${field} must not contain ${opts.query ? 'a #fragment' : 'a ?query or #fragment'}` })
      if (u.protocol === 'http:' && !isLoopbackHost(u.hostname))
        ctx.addIssue({
          code: 'custom',
          message: `${field} must use https: it carries a secret, so plain http is accepted only for a loopback host (127.0.0.1, ::1, localhost)`
        })
    })

const nameSchema = z
  .string({ error: 'name is required: what the channel is called in the list, such as "ops Slack"' })
  .trim()
  .min(1, 'name is required: what the channel is called in the list, such as "ops Slack"')
  .max(60, 'name must be at most 60 characters')

export const minSeveritySchema = z.enum(['info', 'warning', 'critical'], {
  error: 'minSeverity must be "info" (every alert and notice), "warning" (every alert) or "critical" (critical alerts only)'
})

/** What every kind has: its name, and what it takes (the lowest severity, the profiles, rules and active hours). */
const common = { name: nameSchema, minSeverity: minSeveritySchema.default('warning'), routing: channelRoutingSchema.prefault({}) }
/** A daily digest of the fleet, for the kinds that carry a message a person reads (not PagerDuty). */
const withDigest = { ...common, digest: digestSchema.nullable().default(null) }

/** The schemas of the fields that hold a channel's secret (marked where each kind declares it, with `sealed`). */
const sealedFields = new WeakSet<z.ZodType>()
/** Marks a channel's field as its secret: sealed at rest, never listed, hidden in logs, and a config file may give it as env:NAME. */
function sealed<T extends z.ZodType>(schema: T): T {
  sealedFields.add(schema)
  return schema
}

const email = (field: string) =>
  z
    .string({ error: `${field} must be an email address such as ops@example.com` })
    .trim()
    .max(254)
    .regex(/^[^\s@<>()",;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/, `${field} must be an email address such as ops@example.com`)

const webhookInput = z.object({ kind: z.literal('webhook'), ...withDigest, url: sealed(secretUrl('url', 'https://example.com/hook', { query: true })) }).strict()
const slackInput = z
  .object({ kind: z.literal('slack'), ...withDigest, webhookUrl: sealed(secretUrl('webhookUrl', 'https://hooks.slack.com/services/T000/B000/XXXX', { query: false })) })
  .strict()
const discordInput = z
  .object({ kind: z.literal('discord'), ...withDigest, webhookUrl: sealed(secretUrl('webhookUrl', 'https://discord.com/api/webhooks/123/abc', { query: true })) })
  .strict()
const CHAT_ID_MESSAGE = "chatId must be a chat's numeric id (such as -1001234567890) or a channel's @username"
const telegramInput = z
  .object({
    kind: z.literal('telegram'),
    ...withDigest,
    botToken: sealed(
      z
        .string({ error: 'botToken is required: the token BotFather gave, such as 123456789:AAH…' })
        .trim()
        .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, 'botToken must be the token BotFather gave: digits, a colon, then letters, digits, _ and - (such as 123456789:AAH…)')
    ),
    chatId: z
      .union([z.number().int(), z.string().trim()], { error: CHAT_ID_MESSAGE })
      .transform((v) => String(v))
      .pipe(z.string().regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/, CHAT_ID_MESSAGE)),
    apiBaseUrl: secretUrl('apiBaseUrl', DEFAULT_TELEGRAM_API, { query: false })
      .transform((v) => v.replace(/\/+$/, ''))
      .default(DEFAULT_TELEGRAM_API)
  })
  .strict()
const PORT_MESSAGE = 'port must be a whole number from 1 to 65535 (587 for STARTTLS, 465 for TLS)'
const emailInput = z
  .object({
    kind: z.literal('email'),
    ...withDigest,
    host: z
      .string({ error: "host is required: the SMTP server's host name, such as smtp.example.com" })
      .trim()
      .regex(/^([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:]+\]?$/, "host must be the SMTP server's host name, such as smtp.example.com")
      .max(253, 'host must be at most 253 characters'),
    port: z
      .number({ error: PORT_MESSAGE })
      .int(PORT_MESSAGE)
      .min(1, PORT_MESSAGE)
      .max(65_535, PORT_MESSAGE),
    secure: z.boolean({ error: 'secure must be true (TLS from the start, usually port 465) or false (STARTTLS, usually port 587)' }),
    username: z.string().trim().min(1, 'username must not be empty: leave it out for a server without login').max(254).optional(),
    password: sealed(z.string().min(1, 'password must not be empty: leave it out for a server without login').max(1_024).optional()),
    from: email('from'),
    to: z
      .array(email('each address in to'), { error: 'to must be a list of email addresses, such as ["ops@example.com"]' })
      .min(1, 'to must name at least one email address')
      .max(20, 'to may name at most 20 email addresses')
  })
  .strict()
  .refine((v) => v.password === undefined || v.username !== undefined, { path: ['password'], message: 'password needs a username' })

/** A base URL of a service's API: settable (a self-hosted server, or a test's loopback receiver), https unless loopback. */
const apiBase = (field: string, example: string) => secretUrl(field, example, { query: false }).transform((v) => v.replace(/\/+$/, ''))
const token = (field: string, what: string, pattern: RegExp, shape: string) =>
  z
    .string({ error: `${field} is required: ${what}` })
    .trim()
    .regex(pattern, `${field} must be ${what}: ${shape}`)

const pagerdutyInput = z
  .object({
    kind: z.literal('pagerduty'),
    ...common,
    routingKey: sealed(token('routingKey', "the integration key of a PagerDuty service's Events API v2 integration", /^[A-Za-z0-9]{20,64}$/, '32 letters and digits')),
    apiBaseUrl: apiBase('apiBaseUrl', DEFAULT_PAGERDUTY_API).default(DEFAULT_PAGERDUTY_API)
  })
  .strict()
const ntfyInput = z
  .object({
    kind: z.literal('ntfy'),
    ...withDigest,
    serverUrl: apiBase('serverUrl', DEFAULT_NTFY_SERVER).default(DEFAULT_NTFY_SERVER),
    // Anyone who knows a topic of a public server may read it: it is kept as a secret.
    topic: sealed(token('topic', 'the ntfy topic to publish to', /^[-_A-Za-z0-9]{1,64}$/, 'up to 64 letters, digits, - and _')),
    token: sealed(token('token', 'an ntfy access token (leave it out for a topic without login)', /^[A-Za-z0-9_.-]{8,200}$/, 'such as tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2').optional())
  })
  .strict()
const pushoverKey = (field: string, what: string) => sealed(token(field, what, /^[A-Za-z0-9]{30}$/, '30 letters and digits'))
const pushoverInput = z
  .object({
    kind: z.literal('pushover'),
    ...withDigest,
    appToken: pushoverKey('appToken', "your Pushover application's API token"),
    userKey: pushoverKey('userKey', 'the Pushover user or group key to notify'),
    apiBaseUrl: apiBase('apiBaseUrl', DEFAULT_PUSHOVER_API).default(DEFAULT_PUSHOVER_API)
  })
  .strict()
const matrixInput = z
  .object({
    kind: z.literal('matrix'),
    ...withDigest,
    homeserverUrl: apiBase('homeserverUrl', 'https://matrix.example.org'),
    roomId: z
      .string({ error: "roomId is required: the room's id, such as !abcdefgh:example.org" })
      .trim()
      .max(255)
      .regex(/^![^:\s]+:[A-Za-z0-9.:[\]-]+$/, "roomId must be the room's id (not its alias), such as !abcdefgh:example.org: Room settings, Advanced"),
    accessToken: sealed(token('accessToken', "the access token of the bot's Matrix account", /^[\x21-\x7e]{10,500}$/, 'printable characters without spaces'))
  })
  .strict()

export const addChannelInputSchema = z.discriminatedUnion('kind', [webhookInput, slackInput, discordInput, telegramInput, emailInput, pagerdutyInput, ntfyInput, pushoverInput, matrixInput], {
  error: (issue) => (issue.code === 'invalid_union' ? `kind must be one of ${CHANNEL_KINDS.join(', ')}` : undefined)
})
/** A channel to add, as parsed; what it takes and its digest may be left out by main's own callers (then: everything, none). */
export type AddChannelInput = z.output<typeof addChannelInputSchema> extends infer T
  ? T extends unknown
    ? Omit<T, 'routing' | 'digest'> & { routing?: ChannelRouting; digest?: DigestSetting | null }
    : never
  : never

/** The fields that hold a channel's secret, of every kind, as the kinds above mark them. */
export const CHANNEL_SECRET_FIELDS: readonly string[] = [
  ...new Set(addChannelInputSchema.options.flatMap((kind) => Object.entries(kind.shape).flatMap(([field, schema]) => (sealedFields.has(schema) ? [field] : []))))
]

export const DELIVERY_OUTCOMES = ['delivered', 'retrying', 'gave-up', 'refused'] as const
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number]

/** firing, resolved; acknowledged (to PagerDuty, when acknowledged in the app); a daily digest; a test */
export const deliveryStateSchema = z.enum(['firing', 'resolved', 'acknowledged', 'digest', 'test'])
export type DeliveryState = z.infer<typeof deliveryStateSchema>

const reply = z.string().max(500)

/**
 * How a channel's delivery goes: ok (its last try delivered), failing (since its first failed try after its
 * last delivery; what went wrong last), or untried; what waits for it in the outbox; when it last delivered.
 */
export const channelHealthSchema = z
  .object({
    status: z.enum(['ok', 'failing', 'untried']),
    failingSince: z.number().int().nullable(),
    lastError: reply.nullable(),
    pending: z.number().int().nonnegative(),
    lastSuccessAt: z.number().int().nullable()
  })
  .strict()
export type ChannelHealth = z.infer<typeof channelHealthSchema>

/** A channel as the list shows it: never its secret. */
export const channelViewSchema = z
  .object({
    id: idSchema,
    kind: z.enum(CHANNEL_KINDS),
    name: z.string(),
    /** where it sends, without its secret: the host (and port), a Telegram chat, the mail recipients */
    target: z.string().max(500),
    minSeverity: minSeveritySchema,
    /** the profiles, rules and active hours it takes */
    routing: channelRoutingSchema,
    /** its daily digest; null: none */
    digest: digestSchema.nullable(),
    /** how its secret is kept, as for the data-service API key */
    secretStorage: secretStorageSchema,
    createdAt: z.number().int(),
    /** present when the channel is sent nothing, and why (a restored channel that alerts.addChannel would refuse) */
    disabled: z.string().max(500).optional(),
    /** the last try to reach it (an alert or a test) */
    lastDelivery: z
      .object({ at: z.number().int(), state: deliveryStateSchema, outcome: z.enum(DELIVERY_OUTCOMES), status: z.number().int().nullable(), reply: reply.nullable() })
      .strict()
      .nullable(),
    /** whether alerts get through it now, from its tries (alerts and tests) */
    health: channelHealthSchema
  })
  .strict()
export type ChannelView = z.infer<typeof channelViewSchema>

/** One try to send one alert change (or a test) to one channel. */
export const deliveryTrySchema = z
  .object({
    id: z.number().int(),
    at: z.number().int(),
    channelId: idSchema,
    channelName: z.string(),
    channelKind: z.enum(CHANNEL_KINDS),
    alertId: z.string().max(300),
    state: deliveryStateSchema,
    /** 1 for the first try */
    attempt: z.number().int().min(1),
    /** delivered; retrying (a network failure, 429 or 5xx: tried again at nextRetryAt); gave-up (after the last try); refused (the receiver said no: not tried again) */
    outcome: z.enum(DELIVERY_OUTCOMES),
    /** the HTTP status, or the SMTP reply code */
    status: z.number().int().nullable(),
    /** what the receiver answered (cut short, secrets removed), or why it could not be reached */
    reply: reply.nullable(),
    nextRetryAt: z.number().int().nullable()
  })
  .strict()
export type DeliveryTry = z.infer<typeof deliveryTrySchema>

/** An alert change still waiting in the outbox for a channel. */
export const pendingDeliverySchema = z
  .object({
    channelId: idSchema,
    channelName: z.string(),
    alertId: z.string().max(300),
    state: z.enum(['firing', 'resolved', 'acknowledged', 'digest']),
    queuedAt: z.number().int(),
    attempts: z.number().int().nonnegative(),
    nextAt: z.number().int()
  })
  .strict()
export type PendingDelivery = z.infer<typeof pendingDeliverySchema>

export const alertChannelMethods = {
  'alerts.channels': defineMethod({
    summary: 'The channels alerts are sent to (webhook, Slack, Discord, Telegram, email, PagerDuty, ntfy, Pushover, Matrix), without their secrets',
    effect: 'read',
    input: z.object({}).strict(),
    output: z.object({ channels: z.array(channelViewSchema) }).strict()
  }),
  'alerts.addChannel': defineMethod({
    summary: 'Add a channel alerts are sent to; its secret (webhook URL, bot token, SMTP password, routing key, access token) is stored sealed and never shown again',
    effect: 'local',
    input: addChannelInputSchema,
    output: channelViewSchema,
    invalidates: ['alerts.channels']
  }),
  'alerts.setChannelRouting': defineMethod({
    summary:
      'Change what a channel takes (lowest severity, profiles, rules, active hours) and its daily digest; where it sends and its secret change only by removing it and adding it again',
    effect: 'local',
    input: z
      .object({ id: idSchema, minSeverity: minSeveritySchema.optional(), routing: channelRoutingSchema.optional(), digest: digestSchema.nullable().optional() })
      .strict()
      .refine((v) => v.minSeverity !== undefined || v.routing !== undefined || v.digest !== undefined, 'name what to change: minSeverity, routing or digest'),
    output: channelViewSchema,
    invalidates: ['alerts.channels']
  }),
  'alerts.removeChannel': defineMethod({
    summary: 'Remove a channel; alerts still waiting to be sent to it are dropped',
    effect: 'local',
    input: z.object({ id: idSchema }).strict(),
    output: z.object({ removed: z.literal(true) }).strict(),
    invalidates: ['alerts.channels', 'alerts.deliveries']
  }),
  'alerts.testChannel': defineMethod({
    summary: 'Send a test message through a channel now, and say what the receiver answered',
    effect: 'local',
    input: z.object({ id: idSchema }).strict(),
    output: z
      .object({
        delivered: z.boolean(),
        outcome: z.enum(DELIVERY_OUTCOMES),
        status: z.number().int().nullable(),
        reply: reply.nullable(),
        durationMs: z.number().int().nonnegative()
      })
      .strict(),
    invalidates: ['alerts.channels', 'alerts.deliveries']
  }),
  'alerts.deliveries': defineMethod({
    summary: 'The delivery log, newest first: each try to send an alert to a channel, and what still waits in the outbox',
    effect: 'read',
    input: z
      .object({
        limit: z.number().int().min(1, 'limit must be from 1 to 1000').max(1_000, 'limit must be from 1 to 1000').default(100),
        alertId: z.string().min(1).max(300).optional(),
        channelId: idSchema.optional()
      })
      .strict(),
    output: z.object({ tries: z.array(deliveryTrySchema), pending: z.array(pendingDeliverySchema) }).strict()
  })
} as const
