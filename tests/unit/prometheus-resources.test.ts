/**
 * resources/prometheus/companion-alerts.yml and resources/grafana/companion-dashboard.json against the
 * exporter's own list of metrics: the rules file has Prometheus's rule-file shape, every built-in rule has
 * its counterpart, and every metric and label the rules and the dashboard use is one the exporter serves.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { EXPORTED_METRICS, EXPORTED_METRIC_NAMES } from '../../src/main/services/watch/exporter'
import { ALERT_RULES } from '../../src/shared/contract'

const root = join(__dirname, '..', '..')
const rulesText = readFileSync(join(root, 'resources/prometheus/companion-alerts.yml'), 'utf8')
const dashboard = JSON.parse(readFileSync(join(root, 'resources/grafana/companion-dashboard.json'), 'utf8')) as Dashboard

interface Dashboard {
  title: string
  uid: string
  panels: Panel[]
  templating: { list: Array<{ name: string; type: string; query?: string | { query: string } }> }
}
interface Panel {
  type: string
  title: string
  panels?: Panel[]
  targets?: Array<{ expr: string }>
}

const LABELS = new Set<string>(Object.values(EXPORTED_METRICS).flatMap((m) => [...m.labels]))
const FUNCTIONS = new Set(['sum', 'min', 'max', 'avg', 'count', 'time', 'max_over_time', 'min_over_time', 'avg_over_time', 'absent', 'vector', 'clamp_min', 'rate', 'increase', 'deriv', 'predict_linear'])
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset'])

/** The metric names and label names a PromQL expression uses (throws on what it does not know). */
function promqlNames(expr: string): { metrics: string[]; labels: string[] } {
  const labels: string[] = []
  let rest = expr
    // label matchers: {name="value", other=~"…"}
    .replace(/\{([^}]*)\}/g, (_, inner: string) => {
      for (const m of inner.matchAll(/([A-Za-z_]\w*)\s*(?:=~|!~|!=|=)\s*"(?:[^"\\]|\\.)*"/g)) labels.push(m[1]!)
      return ' '
    })
    // grouping and matching: by (a, b), on (a), group_left ()
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g, (_, _kw: string, inner: string) => {
      labels.push(...inner.split(',').map((s) => s.trim()).filter(Boolean))
      return ' '
    })
    .replace(/\[[^\]]*\]/g, ' ') // range selectors
    .replace(/\b\d+(\.\d+)?[smhdwy]?\b/g, ' ') // numbers and durations
  rest = rest.replace(/\b([A-Za-z_:][\w:]*)\s*\(/g, (_, fn: string) => {
    if (!FUNCTIONS.has(fn)) throw new Error(`unknown function ${fn} in ${expr}`)
    return '('
  })
  const metrics = [...rest.matchAll(/[A-Za-z_:][\w:]*/g)].map((m) => m[0]).filter((w) => !KEYWORDS.has(w))
  return { metrics, labels }
}

function expectExported(expr: string, where: string): void {
  const { metrics, labels } = promqlNames(expr)
  expect(metrics.length, `${where} uses no metric: ${expr}`).toBeGreaterThan(0)
  for (const m of metrics) expect(EXPORTED_METRIC_NAMES, `${where}: ${m} in ${expr}`).toContain(m)
  for (const l of labels) expect([...LABELS], `${where}: label ${l} in ${expr}`).toContain(l)
}

describe('Prometheus resources', () => {
  it('the alert rules parse and have the shape of a Prometheus rule file', () => {
    const doc = parse(rulesText) as unknown
    expect(doc).toEqual({ groups: expect.any(Array) })
    const { groups } = doc as { groups: Array<Record<string, unknown>> }
    expect(groups.length).toBeGreaterThan(0)
    expect(new Set(groups.map((g) => g.name)).size).toBe(groups.length)
    for (const g of groups) {
      expect(Object.keys(g).sort()).toEqual(['name', 'rules'])
      expect(g.name).toEqual(expect.any(String))
      for (const r of g.rules as Array<Record<string, unknown>>) {
        for (const k of Object.keys(r)) expect(['alert', 'expr', 'for', 'labels', 'annotations']).toContain(k)
        expect(r.alert).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/)
        expect(r.expr).toEqual(expect.any(String))
        if (r.for !== undefined) expect(r.for).toMatch(/^\d+[smhdwy]$/)
        for (const part of ['labels', 'annotations'] as const) {
          const m = (r[part] ?? {}) as Record<string, unknown>
          for (const [k, v] of Object.entries(m)) {
            expect(k).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/)
            expect(typeof v).toBe('string')
          }
        }
        expect((r.labels as Record<string, string>).severity).toMatch(/^(critical|warning|info)$/)
      }
    }
  })

  it('has a rule for each of the built-in rules, and uses only metrics and labels the exporter serves', () => {
    const rules = (parse(rulesText) as { groups: Array<{ rules: Array<{ alert: string; expr: string; labels: Record<string, string>; annotations?: Record<string, string> }> }> }).groups.flatMap((g) => g.rules)
    // The node rules mirror the app's own; the delivery rules (no rule label) watch the companion's channels.
    expect(new Set(rules.flatMap((r) => r.labels.rule ?? []))).toEqual(new Set(ALERT_RULES))
    const delivery = rules.filter((r) => r.labels.rule === undefined)
    expect(delivery.map((r) => r.alert)).toEqual(['CompanionAlertChannelFailing', 'CompanionAlertChannelGaveUp', 'CompanionAlertDeliveryBacklog'])
    for (const m of ['companion_alert_deliveries_total', 'companion_alert_delivery_pending'])
      expect(delivery.some((r) => promqlNames(r.expr).metrics.includes(m)), m).toBe(true)
    for (const r of rules) {
      expectExported(r.expr, r.alert)
      for (const text of Object.values(r.annotations ?? {}))
        for (const m of text.matchAll(/\$labels\.(\w+)/g)) expect([...LABELS], `${r.alert}: $labels.${m[1]}`).toContain(m[1])
    }
  })

  it('the dashboard queries only metrics and labels the exporter serves', () => {
    expect(dashboard).toMatchObject({ title: expect.any(String), uid: expect.any(String) })
    const all = (ps: Panel[]): Panel[] => ps.flatMap((p) => [p, ...all(p.panels ?? [])])
    const panels = all(dashboard.panels).filter((p) => p.type !== 'row')
    expect(panels.length).toBeGreaterThan(5)
    const used = new Set<string>()
    for (const p of panels) {
      expect(p.targets?.length, `panel ${p.title} has no query`).toBeGreaterThan(0)
      for (const t of p.targets ?? []) {
        expectExported(t.expr, `panel ${p.title}`)
        for (const m of promqlNames(t.expr).metrics) used.add(m)
      }
    }
    // Fleet up/healthy/peers, uptime, stake end, L1 balance, alerts firing, check duration: each has a panel.
    // And the alert channels' deliveries, what waits for them and when each last delivered.
    for (const m of [
      'companion_node_up',
      'companion_node_healthy',
      'companion_node_peers',
      'companion_validator_uptime_ratio',
      'companion_validator_stake_end_timestamp_seconds',
      'companion_l1_validator_balance_navax',
      'companion_alerts_firing',
      'companion_check_duration_seconds',
      'companion_alert_deliveries_total',
      'companion_alert_delivery_pending',
      'companion_alert_delivery_last_success_timestamp_seconds'
    ])
      expect([...used]).toContain(m)
    for (const v of dashboard.templating.list.filter((x) => x.type === 'query')) {
      const q = typeof v.query === 'string' ? v.query : (v.query?.query ?? '')
      const m = /^label_values\((\w+),\s*(\w+)\)$/.exec(q)
      expect(m, `variable ${v.name}: ${q}`).not.toBeNull()
      expect(EXPORTED_METRIC_NAMES).toContain(m![1])
      expect([...LABELS]).toContain(m![2])
    }
  })

  it('the check itself catches a metric the exporter does not serve', () => {
    expect(promqlNames('sum by (profile) (up{job="x"}) > 0 and on (profile_id) companion_node_up offset 5m')).toEqual({
      metrics: ['up', 'companion_node_up'],
      labels: ['job', 'profile', 'profile_id']
    })
    expect(() => promqlNames('histogram_quantile(0.9, x)')).toThrow(/unknown function histogram_quantile/)
  })
})
