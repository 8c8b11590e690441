/**
 * What the UI benches measure inside the page, installed before the app's own code runs (an init
 * script; nothing of it is in the product):
 *   - every websocket message's arrival time and size (the listener is added in the constructor, so it
 *     runs before the app's own handler: the time is when the data reached the page);
 *   - a requestAnimationFrame loop that records, per watched selector, when the frame that first drew it
 *     was done: the clock at the next frame's callback. (Not the frame's own timestamp: that is when the
 *     frame began, which may be before a long task that put the rows in the page ended, even before the
 *     data arrived. The next callback is after that frame's style, layout and paint: an upper bound.)
 *   - a scroll driver that moves a scroll container from top to bottom, one step per frame, and gives
 *     the frame intervals seen meanwhile.
 * Plain JavaScript text, not functions: tsx would add helpers to a function's source that the page lacks.
 */
export interface PageBench {
  msgs: { t: number; n: number; head: string }[]
  /** selector -> performance.now() at the first frame callback after the frame it was first drawn in */
  seen: Record<string, number>
  /** selector -> performance.now() at the frame callback that first found it in the page */
  matched: Record<string, number>
  watch: string[]
}

export const PROBE_SCRIPT = `(() => {
  const bench = { msgs: [], seen: {}, matched: {}, watch: [] }
  window.__bench = bench
  const Original = window.WebSocket
  class Probed extends Original {
    constructor(url, protocols) {
      super(url, protocols)
      this.addEventListener('message', (e) => {
        const text = typeof e.data === 'string' ? e.data : ''
        bench.msgs.push({ t: performance.now(), n: text.length, head: text.slice(0, 200) })
      })
    }
  }
  window.WebSocket = Probed
  const frame = () => {
    const now = performance.now()
    for (const sel of bench.watch) {
      if (bench.seen[sel] !== undefined) continue
      if (bench.matched[sel] !== undefined) bench.seen[sel] = now
      else if (document.querySelector(sel)) bench.matched[sel] = now
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

/** An expression (for page.evaluate) that scrolls `selector` top to bottom in `frames` steps. */
export function scrollScript(selector: string, frames: number): string {
  // The virtual list may re-measure rows as they come into view, so the bottom is read again at each step
  // (and once more after the last): "reached" is the bottom as it is at the end.
  return `new Promise((resolve, reject) => {
    const box = document.querySelector(${JSON.stringify(selector)})
    if (!box) return reject(new Error('no element ' + ${JSON.stringify(selector)}))
    const bottom = () => box.scrollHeight - box.clientHeight
    const step = bottom() / ${frames}
    const stamps = []
    let i = 0
    const tick = (t) => {
      stamps.push(t)
      if (i++ < ${frames}) {
        box.scrollTop = i === ${frames} ? bottom() : Math.min(bottom(), i * step)
        requestAnimationFrame(tick)
      } else {
        // rows measured on the way down change the height: settle at the bottom (frames not counted)
        const intervals = stamps.slice(1).map((s, k) => s - stamps[k])
        let tries = 0
        const settle = () => {
          const done = Math.abs(box.scrollTop - bottom()) < 2
          if (done || tries++ > 60) return resolve({ intervals, height: bottom(), top: box.scrollTop, reached: done })
          box.scrollTop = bottom()
          requestAnimationFrame(settle)
        }
        box.scrollTop = bottom()
        requestAnimationFrame(settle)
      }
    }
    requestAnimationFrame(tick)
  })`
}
