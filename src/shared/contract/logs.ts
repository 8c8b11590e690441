import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { emptyInput } from './common'

/**
 * The node's logs on the machine the app runs on: avalanchego's log folder (--log-dir, ~/.avalanchego/logs by
 * default), one file per logger (main.log, P.log, X.log, C.log, one per other chain) and the files its rotater
 * leaves (`C-2026-11-28T05-17-08.123.log`, `.log.gz` when compressed). The folder is chosen on the machine
 * (logs.setFolder: the desktop app or the CLI), never by a page, since the app reads what is in it.
 */

/** avalanchego's levels, least severe first (its own order: verbo < debug < trace < info < warn < error < fatal). */
export const LOG_LINE_LEVELS = ['verbo', 'debug', 'trace', 'info', 'warn', 'error', 'fatal'] as const
export const logLineLevelSchema = z.enum(LOG_LINE_LEVELS)
export type LogLineLevel = (typeof LOG_LINE_LEVELS)[number]

/** The folder's path as typed: absolute, or ~/ for the home folder. */
export const logFolderSchema = z
  .string()
  .trim()
  .min(1, "is empty: give a folder, or null for the node's default")
  .max(4_096)
  .refine((v) => v.startsWith('/') || /^[A-Za-z]:[\\/]/.test(v) || v.startsWith('~/'), 'must be an absolute folder path, such as /home/me/.avalanchego/logs')

/** A log file of the folder, by name (no folders). */
export const logFileNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file name from logs.folder (letters, digits, dot, dash, underscore; no folders)')

/** One line of a log file, parsed; every string shown is free of terminal escapes (written visibly instead). */
export const logLineSchema = z
  .object({
    file: z.string().max(200),
    /** The format the line parsed as: avalanchego's plain (with or without colours) or JSON; text when neither. */
    format: z.enum(['plain', 'json', 'text']),
    /** ms since the epoch; null for a text line (ordered after the line before it). */
    time: z.number().nullable(),
    level: logLineLevelSchema.nullable(),
    /** The logger's name: "C Chain" in C.log, none in main.log. */
    chain: z.string().nullable(),
    /** Where in avalanchego's code the line was written (path/file.go:123). */
    caller: z.string().nullable(),
    message: z.string(),
    /** The line's structured fields (`{"key": "value"}`), as the node wrote them. */
    fields: z.record(z.string(), z.unknown()).nullable(),
    /** The whole line as text (for copy and for a text line). */
    text: z.string(),
    /** The line was longer than 64 KiB and was cut there. */
    cut: z.boolean(),
    /** Where the line is, for paging ("file:offset"). */
    at: z.string().max(300)
  })
  .strict()
export type LogLine = z.infer<typeof logLineSchema>

export const logFileSchema = z
  .object({
    name: z.string().max(200),
    /** The logger it belongs to: "main", "C", "P", "X", or another chain's ID. */
    logger: z.string().max(200),
    size: z.number().int().nonnegative(),
    modifiedAt: z.number().int(),
    /** When the rotater moved it aside (from its name); null for the file the node writes. */
    rotatedAt: z.number().int().nullable(),
    compressed: z.boolean()
  })
  .strict()

export const logFolderViewSchema = z
  .object({
    dir: z.string().max(4_096),
    source: z.enum(['machine', 'default']),
    files: z.array(logFileSchema),
    /** Entries of the folder that are not read, and why (a link, a named pipe, a device, a folder). */
    skipped: z.array(z.object({ name: z.string().max(300), reason: z.string().max(300) }).strict()),
    /** Why the folder cannot be read, when it cannot (it does not exist yet, no access). */
    problem: z.string().max(500).nullable()
  })
  .strict()

/** How long a text or regular expression may be. */
export const LOG_PATTERN_MAX = 500

export const logQuerySchema = z
  .object({
    /** Only lines at this level or above (text lines have no level and are left out by it). */
    level: logLineLevelSchema.optional(),
    /** Only this logger's files: main, C, P, X or another chain's ID. */
    chain: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be a logger name: main, C, P, X, or a chain ID')
      .optional(),
    /** Only this file. */
    file: logFileNameSchema.optional(),
    /** Only lines containing this text (case-insensitive), or matching it as a regular expression (RE2 syntax: linear time). */
    grep: z.string().min(1).max(LOG_PATTERN_MAX).optional(),
    regex: z.boolean().default(false),
    /** ms since the epoch, inclusive. */
    since: z.number().int().nonnegative().optional(),
    until: z.number().int().nonnegative().optional(),
    limit: z.number().int().min(1).max(5_000).default(500),
    /** Older lines than those of the last answer: its `before`. */
    before: z.string().min(1).max(400).optional()
  })
  .strict()
export type LogQuery = z.infer<typeof logQuerySchema>

export const logMethods = {
  'logs.folder': defineMethod({
    summary: "The node's log folder on this machine: where it is, its log files (rotated and compressed ones too) and the entries not read",
    effect: 'read',
    input: emptyInput,
    output: logFolderViewSchema
  }),
  'logs.setFolder': defineMethod({
    summary: "Set or clear (null: ~/.avalanchego/logs) the node's log folder (desktop app and CLI only: a browser page cannot choose which folder the app reads); it must exist and be readable",
    effect: 'local',
    desktopOnly: true,
    input: z.object({ dir: logFolderSchema.nullable() }).strict(),
    output: logFolderViewSchema
  }),
  'logs.query': defineMethod({
    summary:
      'The newest log lines that pass the filters (level at least, logger, file, text or RE2 regular expression, time range), oldest first; `before` pages to older ones',
    effect: 'read',
    input: logQuerySchema,
    output: z
      .object({
        lines: z.array(logLineSchema),
        /** Pass as `before` for the page of older lines; null when there are none. */
        before: z.string().max(400).nullable(),
        /** How many bytes of log were read for this answer. */
        scannedBytes: z.number().int().nonnegative(),
        /** The answer stopped at the read budget: older lines may match; page on with `before`. */
        budgetReached: z.boolean(),
        /** Files that could not be read whole (a damaged .gz, a file gone meanwhile), and why. */
        unreadable: z.array(z.object({ file: z.string().max(200), reason: z.string().max(300) }).strict())
      })
      .strict()
  })
} as const
