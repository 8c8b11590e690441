/**
 * The theme: it follows the system's light or dark (prefers-color-scheme, which happy-dom emulates: its setting
 * for the device, and the media query's change on a resize) until the person picks one, and the pick is kept over
 * a reload. Dark or light is read where a person sees it, the page's background. (What each theme looks like is
 * the end-to-end screenshots'.)
 */
import { expect, test } from 'vitest'
import { mountApp, type MountedApp } from './mount'

/** The system's colour scheme, as the OS switches it: the page's media query hears of it. */
function systemScheme(scheme: 'light' | 'dark'): void {
  ;(window as unknown as { happyDOM: { settings: { device: { prefersColorScheme: string } } } }).happyDOM.settings.device.prefersColorScheme = scheme
  // happy-dom looks at a media query again on a resize, and tells its listeners when the answer changed.
  window.dispatchEvent(new Event('resize'))
}

/** Whether the page's background is dark (its channels under half on average), as the eye judges it. */
function pageIsDark(): boolean {
  const bg = getComputedStyle(document.body).backgroundColor
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(bg)?.[1]
  const channels = hex ? (hex.length === 3 ? [...hex].map((c) => parseInt(c + c, 16)) : [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))) : (bg.match(/\d+/g)?.slice(0, 3).map(Number) ?? [])
  if (channels.length !== 3) throw new Error(`the page's background is not a colour: "${bg}"`)
  return channels.reduce((a, c) => a + c, 0) < 3 * 128
}

async function pick(ui: MountedApp, choice: 'system' | 'light' | 'dark'): Promise<void> {
  await ui.get(`theme-${choice}`).find('input').trigger('change')
}

test('theme follows the system until chosen, and the choice is kept', async () => {
  try {
    const ui = await mountApp({ path: '/connections' })
    await ui.until(() => ui.has('theme-switch'), 'the theme switch')
    systemScheme('dark')
    await ui.until(() => pageIsDark(), 'the page dark with the system')
    systemScheme('light')
    await ui.until(() => !pageIsDark(), 'the page light with the system')

    await pick(ui, 'dark')
    await ui.until(() => pageIsDark(), 'the page dark as chosen')
    await ui.reload()
    await ui.until(() => ui.has('theme-switch') && ui.get('theme-dark').classes('n-radio-button--checked'), 'Dark still chosen after a reload')
    expect(pageIsDark()).toBe(true)
    await pick(ui, 'system')
    await ui.until(() => !pageIsDark(), 'the page light again with the system')
  } finally {
    systemScheme('light')
  }
})
