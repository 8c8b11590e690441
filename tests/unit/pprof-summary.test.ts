/**
 * Reading Go pprof files: a profile built with the same encoder nodes' files decode with gives the
 * right flat and cumulative values and a call tree whose totals match; a truncated or foreign file is
 * refused with a message.
 */
import { gzipSync } from 'node:zlib'
import { Function as PFunction, Line, Location, Profile, Sample, StringTable, ValueType } from 'pprof-format'
import { describe, expect, it } from 'vitest'
import { summarizeProfile } from '../../src/main/services/control/pprof'
import { AppError } from '../../src/shared/rpc/errors'

async function cpuProfile(): Promise<Uint8Array> {
  const st = new StringTable()
  const fn = (id: number, name: string) => new PFunction({ id, name: st.dedup(name), filename: st.dedup(`${name}.go`) })
  const functions = [fn(1, 'main.main'), fn(2, 'main.work'), fn(3, 'runtime.mallocgc'), fn(4, 'main.idle')]
  const loc = (id: number) => new Location({ id, line: [new Line({ functionId: id })] })
  const locations = [loc(1), loc(2), loc(3), loc(4)]
  // stacks are leaf first: main.main -> main.work -> runtime.mallocgc (30), main.main -> main.work (50), main.main -> main.idle (20)
  const sample = (ids: number[], n: number) => new Sample({ locationId: ids, value: [n, BigInt(n) * 10_000_000n] })
  const p = new Profile({
    sampleType: [new ValueType({ type: st.dedup('samples'), unit: st.dedup('count') }), new ValueType({ type: st.dedup('cpu'), unit: st.dedup('nanoseconds') })],
    sample: [sample([3, 2, 1], 30), sample([2, 1], 50), sample([4, 1], 20)],
    location: locations,
    function: functions,
    stringTable: st,
    durationNanos: 3_000_000_000,
    period: 10_000_000,
    periodType: new ValueType({ type: st.dedup('cpu'), unit: st.dedup('nanoseconds') })
  })
  return gzipSync(await p.encodeAsync())
}

describe('summarizeProfile', () => {
  it('flat and cumulative per function, and a call tree whose totals match', async () => {
    const s = summarizeProfile('cpu.profile', await cpuProfile())
    expect(s.sampleTypes).toEqual([
      { type: 'samples', unit: 'count' },
      { type: 'cpu', unit: 'nanoseconds' }
    ])
    expect(s.valueIndex).toBe(1)
    expect(s.total).toBe('1000000000')
    expect(s.durationNanos).toBe('3000000000')
    const by = Object.fromEntries(s.top.map((t) => [t.name, [t.flat, t.cum]]))
    expect(by['main.work']).toEqual(['500000000', '800000000'])
    expect(by['runtime.mallocgc']).toEqual(['300000000', '300000000'])
    expect(by['main.main']).toEqual(['0', '1000000000'])
    expect(s.top[0]!.name).toBe('main.work')
    const root = s.flame[0]!
    expect(root).toMatchObject({ parent: -1, value: '1000000000', depth: 0 })
    const children = s.flame.filter((n) => n.parent === root.id)
    expect(children.map((c) => c.name)).toEqual(['main.main'])
    const under = s.flame.filter((n) => n.parent === children[0]!.id)
    expect(under.map((n) => [n.name, n.value])).toEqual([
      ['main.work', '800000000'],
      ['main.idle', '200000000']
    ])
    expect(summarizeProfile('cpu.profile', await cpuProfile(), 0).total).toBe('100')
  })

  it('refuses a truncated file and a file that is not a profile', async () => {
    const full = await cpuProfile()
    const cut = () => summarizeProfile('cpu.profile', full.slice(0, Math.floor(full.length / 2)))
    expect(cut).toThrow(AppError)
    expect(cut).toThrow(/truncated/)
    expect(() => summarizeProfile('notes.txt', new TextEncoder().encode('hello, this is not a profile'))).toThrow(/not a (usable )?pprof profile/)
  })
})
