/**
 * Live blocks: with anvil making a block a second (the sim with blockTime 1), how long from a head's
 * websocket notification reaching main to that head being on screen in the C-Chain panel (headless
 * Chromium, browser mode, the built renderer served by main's browser server). Nothing in the product
 * is added for it:
 *   - arrival: this process, which is main (createApp runs here), holds a second newHeads subscription
 *     on the same node websocket (the sim's /ext/bc/C/ws relay) and stamps each notification on receipt;
 *     main's own subscription hears the same block from the same relay at the same moment, give or take
 *     the order in which the event loop reads the two sockets;
 *   - on screen: an init script's MutationObserver notes each head number the first time it is in the
 *     DOM and stamps the next animation frame (the frame that paints it);
 *   - one clock: both stamps are performance.timeOrigin + performance.now() (wall-clock ms); the page's
 *     offset from this process is measured as NTP does (a round trip to the page, the smallest of 20) and
 *     taken off. The error bound reported is half that round trip plus the 1 ms of the two sockets' order.
 * Between the two stamps main reads the block over HTTP (eth_getBlockByNumber: the notification only
 * says the height exists), keeps it, pushes it to the page, and Vue renders the row.
 */
import WebSocket from 'ws'
import { startBrowserApp } from './browser-app'
import { median, type Figure } from './figures'

const HEADS = 30
const WARMUP_HEADS = 3

/** Stamps each head number the first frame after it appears in the page (plain JavaScript: see page-probe.ts). */
const SHOWN_SCRIPT = `(() => {
  const shown = {}
  window.__shown = shown
  const now = () => performance.timeOrigin + performance.now()
  const scan = () => {
    const fresh = []
    for (const el of document.querySelectorAll('[data-testid="head-number"]')) {
      const n = (el.textContent || '').replace(/[^0-9]/g, '')
      if (n && shown[n] === undefined) { shown[n] = 0; fresh.push(n) }
    }
    if (fresh.length) requestAnimationFrame(() => { const t = now(); for (const n of fresh) shown[n] = t })
  }
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true })
})()`

const wallNow = (): number => performance.timeOrigin + performance.now()

export async function benchLive(): Promise<Figure[]> {
  const { sim, url, client, browser, close } = await startBrowserApp('live', { blockTime: 1 })
  const arrived = new Map<string, number>()
  const ws = new WebSocket(`${sim.nodeUrl.replace(/^http/, 'ws')}/ext/bc/C/ws`)
  const opened = new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)))
  try {
    const p = await client.call('profiles.create', { profile: { name: 'live', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] } })
    await client.call('profiles.activate', { id: p.id })
    await opened
    ws.on('message', (m) => {
      const t = wallNow()
      const frame = JSON.parse(String(m)) as { method?: string; params?: { result?: { number?: string } } }
      const hex = frame.method === 'eth_subscription' ? frame.params?.result?.number : undefined
      if (hex) arrived.set(BigInt(hex).toString(), t)
    })
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addInitScript(SHOWN_SCRIPT)
    const page = await context.newPage()
    await page.goto(`${url}#/cchain`)
    await page.getByTestId('head-number').first().waitFor({ timeout: 60_000 })

    // the page's clock against this one: the round trip with the smallest delay bounds the error
    let best = { rtt: Infinity, offset: 0 }
    for (let k = 0; k < 20; k++) {
      const t0 = wallNow()
      const tp = (await page.evaluate('performance.timeOrigin + performance.now()')) as number
      const t1 = wallNow()
      if (t1 - t0 < best.rtt) best = { rtt: t1 - t0, offset: tp - (t0 + t1) / 2 }
    }

    // only heads announced from now on: earlier ones reached the page in cchain.watch's list, not live
    const from = wallNow()
    const firstSeen = arrived.size
    const until = Date.now() + (HEADS + WARMUP_HEADS + 20) * 1_000
    while (arrived.size < firstSeen + HEADS + WARMUP_HEADS && Date.now() < until) await new Promise((r) => setTimeout(r, 500))
    await page.waitForTimeout(1_500) // the last head's row
    const shown = (await page.evaluate('window.__shown')) as Record<string, number>
    const delays = [...arrived]
      .sort((a, b) => Number(BigInt(a[0]) - BigInt(b[0])))
      .filter(([, t]) => t >= from)
      .slice(WARMUP_HEADS)
      .filter(([n]) => (shown[n] ?? 0) > 0)
      .map(([n, t]) => shown[n]! - best.offset - t)
    await context.close()
    if (delays.length < HEADS / 2) throw new Error(`bench live: ${delays.length} heads seen on screen of ${arrived.size} announced`)
    const m = median(delays)
    const sorted = [...delays].sort((a, b) => a - b)
    const errorMs = best.rtt / 2 + 1
    return [
      {
        name: 'live blocks: a head on screen after its newHeads notification reaches main',
        value: m, unit: 'ms', target: '< 100 ms', met: m < 100,
        note: `${delays.length} heads at one a second; slowest ${sorted.at(-1)!.toFixed(1)} ms; clock error ±${errorMs.toFixed(1)} ms (page offset by round trip, ${best.rtt.toFixed(2)} ms, plus the two sockets' order); includes main's HTTP read of the block`,
      },
    ]
  } finally {
    ws.close()
    await close()
  }
}
