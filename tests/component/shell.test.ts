/**
 * The app shell: with more than one profile the page opens on the Fleet (the router's first screen,
 * src/renderer/src/router.ts); at 1024 px the menu starts collapsed to a rail of icons, each the link to its
 * panel, named by the panel's name (its accessible name, and Naive UI's tooltip), never by abbreviations such
 * as "Val, Flt, Alr" (review N10). (The access token, its link and browser mode's checks need a real browser
 * and server: tests/e2e/shell.spec.ts.)
 */
import { expect, test } from 'vitest'
import { createApp } from '../../src/main/app'
import { plainSecretStore } from '../../src/main/secrets'
import { hasNavIcon } from '../../src/renderer/src/components/nav-icons'
import { PANELS } from '../../src/renderer/src/panels'
import { connect } from '../integration/app/helpers'
import { tempDir } from '../support/temp'
import { mountApp } from './mount'

test('with more than one profile, the app opens on the Fleet', async () => {
  const folder = tempDir('companion-component-shell-')
  try {
    // Two profiles kept by an earlier run, not watched: their node never answers.
    const before = createApp({ dataDir: folder.dir, mode: 'browser', secrets: plainSecretStore })
    const client = connect(before)
    const url = 'http://127.0.0.1:9'
    for (const name of ['Shell one', 'Shell two']) {
      const { id } = await client.call('profiles.create', { profile: { name, nodeUrl: url, dataUrl: url, metricsUrl: url, network: 'fuji', nodeIds: [] } })
      await client.call('watch.setSettings', { profileId: id, enabled: false })
    }
    client.close()
    before.close()

    const ui = await mountApp({ path: '/', dataDir: folder.dir })
    await ui.until(() => ui.text('connection-state') === 'connected' && ui.text('panel-title') === 'Fleet', 'the Fleet as first screen')
    expect(window.location.hash).toBe('#/fleet')
    ui.close()
  } finally {
    folder.remove()
  }
})

test('the collapsed menu at 1024 px is a rail of icons named by their panels, and opens them', async () => {
  const ui = await mountApp({ path: '/connections', width: 1024 })
  await ui.until(() => ui.get('nav-sider').attributes('data-collapsed') === 'true', 'the menu collapsed')
  for (const p of PANELS) {
    const testid = `nav-${p.path.slice(1)}`
    await ui.until(() => ui.has(testid), testid)
    const link = ui.get(testid)
    expect(hasNavIcon(p.path), p.path).toBe(true)
    expect(link.attributes('aria-label')).toBe(p.label)
    expect(link.find(`svg[data-icon="${p.path.slice(1)}"]`).exists(), p.path).toBe(true)
    // No abbreviation beside the icon ("Val", "Flt"): the chains' icons carry only their letter.
    expect(link.text(), p.path).toBe(p.path === '/pchain' ? 'P' : p.path === '/cchain' ? 'C' : '')
  }
  await ui.click('nav-sync')
  await ui.until(() => ui.text('panel-title') === 'Sync', 'the Sync panel')
})
