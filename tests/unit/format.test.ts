import { afterEach, describe, expect, it } from 'vitest'
import {
  avax, axisNumber, bytes, chainName, clockTime, compareDecimal, dateOnly, dateTime, duration, integer, nAvax, namedId,
  pchainTypeName, percent, percentsAgainst, PRIMARY_NETWORK_ID, relative, setTimeDisplay, share, shortId, subnetName, timeTicks, unixSecondsToMs, utcText
} from '../../src/shared/domain/format'

afterEach(() => setTimeDisplay('local'))

describe('amounts keep every digit and say their unit', () => {
  it('AVAX from nAVAX, exact beyond 2^53', () => {
    expect(avax('14765000000000')).toBe('14,765 AVAX')
    expect(avax(1n)).toBe('0.000000001 AVAX')
    expect(avax('18446744073709551615')).toBe('18,446,744,073.709551615 AVAX')
    expect(avax('0')).toBe('0 AVAX')
    expect(avax(undefined)).toBe('—')
    expect(avax('-2500000000')).toBe('-2.5 AVAX')
  })
  it('nAVAX only when the raw unit is asked for', () => {
    expect(nAvax('14765000000000')).toBe('14,765,000,000,000 nAVAX')
  })
  it('integers grouped, exactly', () => {
    expect(integer('365865167637779183')).toBe('365,865,167,637,779,183')
    expect(integer(5000)).toBe('5,000')
    expect(integer(2n ** 64n - 1n)).toBe('18,446,744,073,709,551,615')
    expect(integer(null)).toBe('—')
  })
  it('compares decimals as integers', () => {
    expect(compareDecimal('9007199254740993', '9007199254740992')).toBe(1)
    expect(compareDecimal(undefined, '0')).toBe(-1)
  })
})

describe('percentages have one precision everywhere', () => {
  it('two decimals, rounded half up, from strings exactly', () => {
    expect(percent('99.8750')).toBe('99.88 %')
    expect(percent('42.1000')).toBe('42.10 %')
    expect(percent('98.4914')).toBe('98.49 %')
    expect(percent(100)).toBe('100.00 %')
    expect(percent(0.005)).toBe('0.01 %')
    expect(percent('99.994')).toBe('99.99 %')
    expect(percent('99.995')).toBe('100.00 %')
  })
  it('share on integers', () => {
    expect(share(1900n, 2000n)).toBe('95.00 %')
    expect(share(1n, 3n)).toBe('33.33 %')
    expect(share(2n, 3n)).toBe('66.67 %')
    expect(share(1n, 0n)).toBe('—')
  })
  it('a value beside its threshold never rounds onto the other side of it', () => {
    // The review's case: 79.996 under 80 read "80.00 %" in red beside "under the 80.00 % threshold".
    expect(percentsAgainst('79.9960', 80)).toEqual({ value: '79.996 %', threshold: '80.00 %' })
    expect(percentsAgainst(79.996, 80)).toEqual({ value: '79.996 %', threshold: '80.00 %' })
    expect(percentsAgainst('79.9999', '80')).toEqual({ value: '79.9999 %', threshold: '80.00 %' })
    // A float from the node's metrics, just under: every digit it takes, never through toFixed's rounding.
    expect(percentsAgainst(79.99999999, 80).value).toBe('79.99999999 %')
    // Far from it, or on the right side already: the app's two decimals.
    expect(percentsAgainst('42.1000', 80)).toEqual({ value: '42.10 %', threshold: '80.00 %' })
    expect(percentsAgainst('80.0040', 80)).toEqual({ value: '80.00 %', threshold: '80.00 %' })
    expect(percentsAgainst('80', 80)).toEqual({ value: '80.00 %', threshold: '80.00 %' })
    // A threshold with more digits than two is shown as set; the value stays on its side of it, either way.
    expect(percentsAgainst('79.99', 79.995)).toEqual({ value: '79.99 %', threshold: '79.995 %' })
    expect(percentsAgainst('1.0049', '1.0045')).toEqual({ value: '1.005 %', threshold: '1.0045 %' })
    expect(percentsAgainst('1.0041', '1.0045')).toEqual({ value: '1.00 %', threshold: '1.0045 %' })
    // Not a number: as percent() writes it.
    expect(percentsAgainst('n/a', 80)).toEqual({ value: 'n/a', threshold: '80.00 %' })
  })
})

describe('sizes in binary units', () => {
  it('B, KiB, MiB, GiB', () => {
    expect(bytes(512)).toBe('512 B')
    expect(bytes(1536)).toBe('1.5 KiB')
    expect(bytes(1_040_678_192)).toBe('992.5 MiB')
    expect(bytes(5n * 1024n ** 3n)).toBe('5.0 GiB')
    expect(bytes('2048')).toBe('2.0 KiB')
  })
  it('axis numbers get thousands separators', () => {
    expect(axisNumber(2_000_000)).toBe('2,000,000')
    expect(axisNumber(1234.5678)).toBe('1,234.57')
  })
})

describe('times are local, UTC on hover or by choice', () => {
  const ms = Date.UTC(2026, 10, 24, 3, 15, 16)
  it('local date and time in one form', () => {
    const d = new Date(ms)
    const p = (n: number) => String(n).padStart(2, '0')
    expect(dateTime(ms)).toBe(`${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`)
    expect(dateOnly(ms)).toBe(dateTime(ms).slice(0, 10))
    expect(clockTime(ms)).toBe(`${p(d.getHours())}:${p(d.getMinutes())}`)
  })
  it('UTC for tooltips, and everywhere when chosen', () => {
    expect(utcText(ms)).toBe('2026-11-24 03:15:16 UTC')
    setTimeDisplay('utc')
    expect(dateTime(ms)).toBe('2026-11-24 03:15:16 UTC')
    expect(clockTime(ms)).toBe('03:15 UTC')
  })
  it('unix seconds, and what is not a time', () => {
    expect(unixSecondsToMs('1763000000')).toBe(1_763_000_000_000)
    expect(unixSecondsToMs('253399622400')).toBe(253_399_622_400_000)
    expect(unixSecondsToMs('abc')).toBeNull()
    expect(unixSecondsToMs('99999999999999999999')).toBeNull()
    expect(dateTime(NaN)).toBe('—')
  })
  it('relative times count seconds under a minute', () => {
    const now = ms
    expect(relative(now - 400, now)).toBe('just now')
    expect(relative(now - 2_000, now)).toBe('2 s ago')
    expect(relative(now - 8_000, now)).toBe('8 s ago')
    expect(relative(now - 59_999, now)).toBe('59 s ago')
    expect(relative(now - 61_000, now)).toBe('1 min ago')
    expect(relative(now + 3 * 3_600_000, now)).toBe('in 3 h 00 min')
    expect(relative(now - 3 * 86_400_000, now)).toBe('3 d 0 h ago')
  })
  it('durations', () => {
    expect(duration(45_000)).toBe('45 s')
    expect(duration(60_000)).toBe('1 min')
    expect(duration(3_900_000)).toBe('1 h 05 min')
  })
})

describe('IDs by name', () => {
  it('chains and subnets', () => {
    expect(chainName('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5')).toBe('C-Chain')
    expect(chainName(PRIMARY_NETWORK_ID)).toBe('P-Chain')
    // The C-Chains by their EVM chain id too, as the metrics service names them (review N19).
    expect(chainName('43114')).toBe('C-Chain')
    expect(chainName('43113')).toBe('C-Chain (Fuji)')
    expect(chainName('53935')).toBeNull()
    expect(chainName('2r6KfC1x24T3W2wi8jCFVdDaBWL2ZjAxyz', { '2r6KfC1x24T3W2wi8jCFVdDaBWL2ZjAxyz': 'dfk' })).toBe('dfk')
    expect(chainName('unknown')).toBeNull()
    expect(subnetName(PRIMARY_NETWORK_ID)).toBe('Primary Network')
    expect(namedId('2r6KfC1x24T3W2wi8jCFVdDaBWL2ZjAxyz', 'dfk')).toBe('dfk (2r6Kf…Axyz)')
    expect(shortId('NodeID-6D35cjqiRvVbs8vNpVmwxR5wSHCpWVPBa')).toBe('NodeID…WVPBa')
  })
  it('P-Chain codec type IDs', () => {
    expect(pchainTypeName(32)).toBe('BanffStandardBlock')
    expect(pchainTypeName(0)).toBe('ApricotProposalBlock')
    expect(pchainTypeName(17)).toBe('ImportTx')
    expect(pchainTypeName(35)).toBe('ConvertSubnetToL1Tx')
    expect(pchainTypeName(39)).toBe('DisableL1ValidatorTx')
    expect(pchainTypeName(99)).toBeNull()
  })
})

describe("a chart's time axis is written as the app writes times, one date a day (review N7)", () => {
  const day = Date.UTC(2026, 10, 14) / 1_000
  it('ticks 12 h apart over days: the time of day, with the date under the first tick of each day only', () => {
    setTimeDisplay('utc')
    const splits = [0, 1, 2, 3, 4].map((i) => day + i * 43_200)
    expect(timeTicks(splits, 43_200)).toEqual(['00:00\n11-14', '12:00', '00:00\n11-15', '12:00', '00:00\n11-16'])
  })
  it('ticks a day or more apart: the date alone, and never the same date twice', () => {
    setTimeDisplay('utc')
    expect(timeTicks([day, day + 86_400, day + 2 * 86_400], 86_400)).toEqual(['11-14', '11-15', '11-16'])
    // ticks that fall twice in one day (not at its start) label it once
    expect(timeTicks([day + 3_600, day + 50_000, day + 90_000], 86_400)).toEqual(['11-14', '', '11-15'])
  })
  it('local time by default, as every other time the app writes', () => {
    const ms = day * 1_000 + 9 * 3_600_000
    expect(timeTicks([ms / 1_000], 3_600)).toEqual([`${clockTime(ms)}\n${dateOnly(ms).slice(5)}`])
  })
})
