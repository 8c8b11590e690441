/** The renderer's initial JS, gzipped, as scripts/renderer-size.mjs counts it (after the build). */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from '../../src/main/paths'
import type { Figure } from './figures'

export function rendererSizeFigure(): Figure {
  const out = execFileSync(process.execPath, [join(projectRoot(), 'scripts', 'renderer-size.mjs')], { encoding: 'utf8' })
  const total = /^total\s+\d+ file\(s\)\s+([\d.]+)\s+([\d.]+)/m.exec(out)
  if (!total) throw new Error(`renderer-size: no total line in\n${out}`)
  const gz = Number(total[2])
  return { name: "renderer's initial JS (entry + modulepreload), gzipped", value: gz, unit: 'KB', target: '< 200 KB gz', met: gz < 200, note: `${total[1]} KB before gzip` }
}
