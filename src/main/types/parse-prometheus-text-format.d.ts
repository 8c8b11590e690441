/** The parser ships no types: what it returns, as far as this app reads it (prom2json's shape). */
declare module 'parse-prometheus-text-format' {
  interface ParsedSample {
    value?: string
    labels?: Record<string, string>
    buckets?: Record<string, string>
    quantiles?: Record<string, string>
    count?: string
    sum?: string
  }
  interface ParsedFamily {
    name: string
    help: string
    type: string
    metrics: ParsedSample[]
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[]
}
