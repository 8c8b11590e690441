/**
 * The app shell's first screen: with more than one profile the page opens on the Fleet (the router's first
 * screen, src/renderer/src/router.ts). (The access token, its link and browser mode's checks need a real
 * browser and server: tests/e2e/shell.spec.ts.)
 */
import { expect, test } from 'vitest'
import { createApp } from '../../src/main/app'
import { plainSecretStore } from '../../src/main/secrets'
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
