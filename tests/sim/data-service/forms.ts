/**
 * The forms the data and metrics services answer in where the spec and the real hosted service differ
 * (shared/reference/data-service README §5). By default the sim answers as the real service does;
 * the spec's (seed) forms stay one switch away, so the app is tested against both:
 *
 * | where                                  | "real" (default)               | "spec"                     |
 * |----------------------------------------|--------------------------------|----------------------------|
 * | signature aggregation (POST and GET)   | 201                            | 200                        |
 * | Money `value` (price, balanceValue)    | a JSON number                  | a decimal string           |
 * | NFT holders `sortKey`                  | a decimal string               | an integer                 |
 * | NFT holders nftCollectionName/nftSymbol| arrays of strings              | strings                    |
 * | /v1/avg_tps paging                     | startKey / nextPageStartKey    | pageToken / nextPageToken  |
 *
 * Switched at run time by POST {dataUrl}/__sim/data-config or {metricsUrl}/__sim/metrics-config with
 * `{ "forms": "spec" | "real" }`; startSim gives both services one switch, so either endpoint flips both.
 */
import { HttpError } from './http/errors'

export const SERVICE_FORMS = ['real', 'spec'] as const
export type ServiceForms = (typeof SERVICE_FORMS)[number]

/** One switch, shared by the services that answer in these forms. */
export class FormsSwitch {
  constructor(public value: ServiceForms = 'real') {}

  get real(): boolean {
    return this.value === 'real'
  }

}

/** `forms` of a config patch, checked (a 400 for anything but the two names). */
export function parseForms(v: unknown): ServiceForms {
  if (typeof v !== 'string' || !(SERVICE_FORMS as readonly string[]).includes(v)) throw new HttpError(400, `forms must be one of ${SERVICE_FORMS.map((f) => `"${f}"`).join(', ')}`)
  return v as ServiceForms
}

/**
 * A config route's patch with `forms` taken out: checks it, lets `rest` apply the other fields (which
 * may refuse them), and only then switches the forms, so a refused patch changes nothing.
 */
export function withForms<T>(forms: FormsSwitch, patch: unknown, rest: (others: unknown) => T): T & { forms: ServiceForms } {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch) || !('forms' in patch)) return { ...rest(patch), forms: forms.value }
  const { forms: given, ...others } = patch as Record<string, unknown>
  const next = parseForms(given)
  const out = rest(others)
  forms.value = next
  return { ...out, forms: next }
}

/** A Money object (currencyCode, value as a decimal string) in the switched form. */
export function moneyOut(m: { currencyCode: string; value: string }, forms: FormsSwitch): { currencyCode: string; value: string | number } {
  return forms.real ? { currencyCode: m.currencyCode, value: Number(m.value) } : m
}

/** The success status of the signature aggregator's two routes. */
export const aggregatorStatus = (forms: FormsSwitch): number => (forms.real ? 201 : 200)
