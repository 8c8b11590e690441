/**
 * What the Node control panel shows for what the app and the node allow: browser mode without
 * --allow-node-changes (every node-changing button off, saying how to turn them on, reading still works), a
 * node without the admin API, and a profile without a profile folder (read-only in the form, the folder the
 * node names in Profile files). The journeys that change the node stay end-to-end: tests/e2e/control.spec.ts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { simConfig } from '../support/sim-config'
import { mountApp, settle, type MountedApp } from './mount'

// One sim for the file (a sim costs seconds of CPU): each test puts back, in a finally, what it changed at the node.
let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

/** One of the panel's tabs, by its label (Naive UI's tabs are not ARIA tabs). */
async function openTab(ui: MountedApp, name: string): Promise<void> {
  await ui.until(() => ui.has('control-tabs'), 'the control tabs')
  const tab = ui.get('control-tabs').findAll('.n-tabs-tab').find((t) => t.text().includes(name))
  if (!tab) throw new Error(`no tab "${name}"`)
  await tab.trigger('click')
  await settle()
}

const disabled = (ui: MountedApp, testId: string): boolean => (ui.get(testId).element as HTMLButtonElement).disabled

test('default browser mode: the node-changing buttons are off, and the panel says how to turn them on; reading works', async () => {
  const ui = await mountApp({ path: '/control' })
  await ui.profileAt(sim, 'Changes off')
  await ui.until(() => ui.text('node-changes-off').includes('start serve with --allow-node-changes'), 'the changes-off note')
  await ui.until(() => ui.has('loglevel-set'), 'the log level card')
  for (const id of ['cpu-start', 'cpu-start-timed', 'memory-profile', 'lock-profile', 'loglevel-set']) expect(disabled(ui, id), id).toBe(true)
  await openTab(ui, 'VM configuration')
  await ui.until(() => ui.text('vm-tree').includes('log-level: info'), 'the VM configuration')
})

test('a node without the admin API: the panel says it is unavailable, why, and the node flag', async () => {
  try {
    await simConfig(sim, { adminApi: false })
    const ui = await mountApp({ path: '/control' })
    await ui.profileAt(sim, 'No admin')
    await ui.until(() => ui.text('panel-needs-admin').includes('admin-api-enabled'), 'the admin API note')
    expect(ui.has('profilers')).toBe(false)
  } finally {
    await simConfig(sim, { adminApi: true })
  }
})

test('a profile without a profile folder: the form shows it read-only with where to choose it; Profile files uses the folder the node names', async () => {
  const ui = await mountApp({ path: '/connections' })
  await ui.click('profile-new')
  await ui.until(() => ui.has('profile-form'), 'the profile form')
  // Browser mode: no control that would fail, but the folder and where it is chosen (the desktop app, the CLI).
  expect(ui.has('field-profileDir')).toBe(false)
  expect(ui.text('profile-dir-value')).toContain('Not set')
  expect(ui.text('profile-dir-how')).toContain('not from a browser page')
  expect(ui.text('profile-dir-how')).toContain('companion call profiles.setProfileDir')
  await ui.click('profile-cancel')

  await ui.profileAt(sim, 'No folder')
  await ui.go('/control')
  await openTab(ui, 'Profile files')
  await ui.until(() => ui.has('profile-dir-source') && ui.get('profile-dir-source').attributes('data-source') === 'node', 'the folder from the node')
  expect(ui.text('profile-dir-source')).toContain('Profile folder')
  expect(ui.text('profile-dir')).toBe(sim.profileDir)
})

test('the confirmation repeats what the app knows: the level now and a revert to come, a file written over, a profile running (issue 33)', async () => {
  const ui = await mountApp({ path: '/control', app: { allowNodeChanges: true } })
  try {
    await ui.profileAt(sim, 'Known')
    // Done meanwhile in another window: debug with a revert to come, a memory profile, a CPU profile started.
    await ui.client.call('control.setLogLevel', { level: 'debug', revertAfterSec: 600, previous: 'info' })
    await ui.client.call('control.memoryProfile', {})
    await ui.client.call('control.startCpuProfile', {})
    await ui.until(() => ui.has('revert-item') && ui.has('cpu-running') && ui.text('loglevel-current-level') === 'debug', 'the revert, the running profile and the level read')

    const ask = async (button: string): Promise<string> => {
      await ui.click(button)
      await ui.until(() => ui.has('confirm-known'), `the confirmation of ${button} with what the app knows`)
      const known = ui.text('confirm-known')
      await ui.click('confirm-no')
      await ui.until(() => !ui.has('confirm-node-change'), 'the confirmation to close')
      return known
    }
    await ui.click('loglevel-choice-warn')
    const level = await ask('loglevel-set')
    expect(level).toContain('The node logs at “debug” now (from the node')
    expect(level).toMatch(/A revert is pending: at .* \(in \d+:\d\d\) the app sets the level back to “info” \(from “debug”\)\. It stays scheduled/)
    expect(await ask('memory-profile')).toMatch(/^The node writes over mem\.profile: the last one was written at .* through this app\.$/)
    expect(await ask('cpu-stop')).toMatch(/^The CPU profile started through this app at .* has run for \d+:\d\d\.$/)
    // Nothing was sent by any of these: the journal holds the three calls made above, no more.
    expect((await ui.client.call('control.journal', {})).entries).toHaveLength(3)
  } finally {
    // The node's level back to the VM configuration's, which the first test reads, and its profiler stopped.
    await ui.client.call('control.setLogLevel', { level: 'info' })
    if ((await sim.profiles()).cpuProfiling) await ui.client.call('control.stopCpuProfile', {})
  }
})
