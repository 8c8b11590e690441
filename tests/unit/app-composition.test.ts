/**
 * app.ts stays the list of areas and what they share (issue 32): each area's folder exports one function that
 * builds its own services (`src/main/services/<area>/area.ts`), so app.ts constructs nothing itself, stays short,
 * and lists every area function. An area gets the services of the areas before it as arguments: no area file
 * imports another's.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const APP = readFileSync('src/main/app.ts', 'utf8')
const AREA_FILES = readdirSync('src/main/services')
  .map((folder) => `src/main/services/${folder}/area.ts`)
  .filter((f) => existsSync(f))

describe('src/main/app.ts', () => {
  it('is under 200 lines', () => {
    expect(APP.split('\n').length).toBeLessThan(200)
  })

  it('builds no service: the only things made there are the shared pieces, through their own functions', () => {
    expect(APP.match(/\bnew \w+/g) ?? []).toEqual([])
  })

  it('lists every area function, and every area folder with handlers has one', () => {
    const folders = readdirSync('src/main/services', { withFileTypes: true }).filter((d) => d.isDirectory())
    const withHandlers = folders.filter((d) => readdirSync(`src/main/services/${d.name}`).some((f) => /(^|-)handlers\.ts$/.test(f))).map((d) => d.name)
    expect(withHandlers.filter((f) => !AREA_FILES.includes(`src/main/services/${f}/area.ts`))).toEqual([])
    for (const file of AREA_FILES) {
      const name = /export function (create\w+Area)\(/.exec(readFileSync(file, 'utf8'))?.[1]
      expect(name, `${file} exports a create…Area function`).toBeDefined()
      expect(APP).toContain(`import { ${name} } from './${file.replace(/^src\/main\/|\.ts$/g, '')}'`)
      expect(APP).toMatch(new RegExp(`\\b${name}\\(`))
    }
  })

  it('no area file imports another area file: what an area needs of another comes as an argument', () => {
    for (const file of AREA_FILES) expect(readFileSync(file, 'utf8'), file).not.toMatch(/from '\.\.\/\w+\/area'/)
  })
})
