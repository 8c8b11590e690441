/**
 * Node control's changes for what the node and the app know, with node changes allowed: a CPU profile started
 * outside the app (a second start refused plainly, stopped from here), a timed profile stopped by main's own
 * timer (on a clock the test moves), the profile folder worked out from the node's admin-api-dir with the VM
 * configuration kept for when the node is gone, and a log-level revert that fell due while the app was closed,
 * carried out at the next start and reported until dismissed. (The journeys through the forms, with a profile
 * opened as a flame graph, stay end-to-end: tests/e2e/control.spec.ts.)
 */
import Database from 'better-sqlite3'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { DB_FILE } from '../../src/main/cache/database'
import { OffsetClock } from '../../src/main/clock'
import { startSim, type Sim } from '../sim/index'
import { simConfig } from '../support/sim-config'
import { tempDir } from '../support/temp'
import { mountApp, settle, type MountedApp } from './mount'

// One sim for the file (a sim costs seconds of CPU): after each test the node answers again, logs at its VM
// configuration's level, runs no CPU profile, and its profile folder is empty, whatever the test left.
let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())
afterEach(async () => {
  await simConfig(sim, { unresponsive: null })
  expect((await adminCall('admin.setLogLevel', { level: 'info' })).error).toBeUndefined()
  if ((await sim.profiles()).cpuProfiling) expect((await adminCall('admin.stopCPUProfiler')).error).toBeUndefined()
  if (existsSync(sim.profileDir)) for (const name of readdirSync(sim.profileDir)) rmSync(join(sim.profileDir, name), { recursive: true, force: true })
})

/** A call to the sim's admin API, as another tool on the node's machine would make it. */
async function adminCall(method: string, params: Record<string, unknown> = {}): Promise<{ result?: unknown; error?: { message: string } }> {
  const res = await fetch(`${sim.nodeUrl}/ext/bc/C/admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await res.json()) as { result?: unknown; error?: { message: string } }
}

/** One of the panel's tabs, by its label (Naive UI's tabs are not ARIA tabs). */
async function openTab(ui: MountedApp, name: string): Promise<void> {
  await ui.until(() => ui.has('control-tabs'), 'the control tabs')
  const tab = ui.get('control-tabs').findAll('.n-tabs-tab').find((t) => t.text().includes(name))
  if (!tab) throw new Error(`no tab "${name}"`)
  await tab.trigger('click')
  await settle()
}

/** The confirmation names the change and the node it goes to; Yes. */
async function confirm(ui: MountedApp, profile: string, title: string): Promise<void> {
  await ui.until(() => ui.has('confirm-node') && (document.querySelector('.n-dialog')?.textContent ?? '').includes(title), `the confirmation "${title}"`)
  expect(ui.text('confirm-node')).toContain(profile)
  expect(ui.text('confirm-node')).toContain(sim.nodeUrl)
  await ui.click('confirm-yes')
  await ui.until(() => !ui.has('confirm-node'), 'the confirmation to close')
}

const journal = (ui: MountedApp, action: string) => ui.all('journal-row').filter((r) => r.attributes('data-action') === action)

test('a CPU profile started outside the app: a second start is refused plainly, and it can be stopped from here', async () => {
  const ui = await mountApp({ path: '/control', app: { allowNodeChanges: true } })
  await ui.profileAt(sim, 'Started elsewhere')
  await ui.until(() => ui.has('cpu-start'), 'the profilers')
  expect((await adminCall('admin.startCPUProfiler')).error).toBeUndefined()

  await ui.click('cpu-start')
  await confirm(ui, 'Started elsewhere', 'Start a CPU profile')
  await ui.until(() => ui.text('profiler-error').includes('already running a CPU profile'), 'the refusal')
  expect(ui.text('profiler-error')).toContain('started outside this app')
  expect(ui.has('cpu-idle')).toBe(true)
  await ui.until(() => journal(ui, 'startCPUProfiler')[0]?.attributes('data-outcome') === 'failed', 'the failed start in the journal')
  expect(journal(ui, 'startCPUProfiler')[0]!.text()).toContain('cpu profiler already running')

  await ui.click('cpu-stop-other')
  await confirm(ui, 'Started elsewhere', 'Stop the CPU profile')
  await ui.until(() => !ui.has('profiler-error') && journal(ui, 'stopCPUProfiler')[0]?.attributes('data-outcome') === 'ok', 'the stop')
  expect((await sim.profiles()).cpuProfiling).toBe(false)
})

test('a 30-second timed profile: a duration out of range refused; main stops it itself when its time is up', async () => {
  const clock = new OffsetClock()
  const ui = await mountApp({ path: '/control', app: { allowNodeChanges: true, clock } })
  await ui.profileAt(sim, 'Timed profile')
  await ui.until(() => ui.has('cpu-timed-seconds'), 'the timed profile field')
  await ui.fill('cpu-timed-seconds', '0')
  await ui.until(() => ui.text('cpu-timed-error').includes('from 1 to 3600'), 'the range said')
  expect((ui.get('cpu-start-timed').element as HTMLButtonElement).disabled).toBe(true)
  await ui.fill('cpu-timed-seconds', '30')
  await ui.until(() => !(ui.get('cpu-start-timed').element as HTMLButtonElement).disabled, 'the start allowed')
  await ui.click('cpu-start-timed')
  await confirm(ui, 'Timed profile', 'Start a 30-second CPU profile')
  await ui.until(() => /stops itself in 0:[23]\d$/.test(ui.text('cpu-stops-in')), 'the countdown')

  // Twenty seconds on (moved, not waited for): still running.
  clock.advance(20_000)
  await settle()
  expect((await sim.profiles()).cpuProfiling).toBe(true)
  expect(ui.has('cpu-running')).toBe(true)
  // Ten more: main's timer stops it.
  clock.advance(10_000)
  await ui.until(() => ui.has('cpu-idle') && journal(ui, 'stopCPUProfiler')[0]?.attributes('data-outcome') === 'ok', 'the profile stopped by the timer')
  expect(journal(ui, 'stopCPUProfiler')[0]!.text()).toContain('timer (timed profile)')
  expect(journal(ui, 'startCPUProfiler')[0]!.text()).toContain('30 s')
  expect((await sim.profiles()).cpuProfiling).toBe(false)
})

test("no profile folder set: the files are found where coreth writes them, and the VM configuration kept then answers once the node is gone", async () => {
  const ui = await mountApp({ path: '/control', app: { allowNodeChanges: true } })
  await ui.profileAt(sim, 'Folder from node')
  await ui.until(() => ui.has('cpu-start'), 'the profilers')
  await ui.click('cpu-start')
  await confirm(ui, 'Folder from node', 'Start a CPU profile')
  await ui.until(() => ui.has('cpu-stop'), 'the profile running')
  await ui.click('cpu-stop')
  await confirm(ui, 'Folder from node', 'Stop the CPU profile')
  await ui.until(() => ui.has('cpu-idle'), 'the profile stopped')

  await openTab(ui, 'Profile files')
  expect(sim.profileDir.endsWith('admin_coreth_performance_C')).toBe(true)
  const cpuFile = () => ui.all('profile-file').find((f) => f.attributes('data-name') === 'cpu.profile')
  await ui.until(() => ui.text('profile-dir') === sim.profileDir && (cpuFile()?.text() ?? '').includes('CPU'), 'cpu.profile in the folder the node names')
  expect(ui.get('profile-dir-source').attributes('data-source')).toBe('node')
  const source = ui.text('profile-dir-source')
  expect(source).toContain("the node's admin-api-dir")
  expect(source).toContain(join(sim.profileDir, '..', 'admin'))
  expect(source).toContain('Connections')

  // The node goes away before the VM configuration tab was ever opened: the snapshot kept when the folder was
  // worked out stands in, marked cached (review #14).
  await simConfig(sim, { unresponsive: 'refuse' })
  await openTab(ui, 'VM configuration')
  await ui.until(() => ui.has('vm-from-snapshot'), 'the snapshot kept')
  expect(ui.get('vm-config').find('[data-testid="source-marker"]').attributes('data-source')).toBe('cache')
  expect(ui.text('vm-tree')).toContain('admin-api-dir')
})

test('a revert that fell due while the app was closed is carried out at the next start, and reported until dismissed', async () => {
  const folder = tempDir('companion-component-late-')
  try {
    const nodeLevel = async (): Promise<unknown> => ((await adminCall('admin.getVMConfig')).result as { config: Record<string, unknown> }).config['log-level']
    let ui = await mountApp({ path: '/control', dataDir: folder.dir, app: { allowNodeChanges: true } })
    await ui.profileAt(sim, 'Closed app')
    await ui.client.call('control.setLogLevel', { level: 'trace', revertAfterSec: 600, previous: 'info' })
    await ui.until(() => ui.text('revert-item').includes('Back to info (from trace)'), 'the revert to come')
    ui.close()
    // The app stays closed past the revert's due time (its stored time moved back): nobody sets the level back meanwhile.
    const db = new Database(join(folder.dir, DB_FILE))
    try {
      expect(db.prepare("UPDATE log_reverts SET due_at = ? WHERE state = 'scheduled'").run(Date.now() - 1_000).changes).toBe(1)
    } finally {
      db.close()
    }
    expect(await nodeLevel()).toBe('trace')

    ui = await mountApp({ path: '/control', dataDir: folder.dir, app: { allowNodeChanges: true } })
    await ui.until(() => ui.text('late-revert').includes('was set back to “info” (from “trace”'), 'the late revert reported')
    expect(await nodeLevel()).toBe('info')
    expect(ui.has('revert-item')).toBe(false)
    await ui.until(() => journal(ui, 'setLogLevel')[0]?.text().includes('revert at start') ?? false, 'the revert in the journal')
    expect(journal(ui, 'setLogLevel')[0]!.attributes('data-outcome')).toBe('ok')
    await ui.get('late-revert').find('.n-alert__close').trigger('click')
    await ui.until(() => !ui.has('late-revert'), 'the report dismissed')
    // Dismissed in main: a page loaded anew (as any other window) no longer shows it.
    ui.close()
    ui = await mountApp({ path: '/control', dataDir: folder.dir, app: { allowNodeChanges: true } })
    await ui.until(() => ui.has('log-level'), 'the log level card')
    await settle()
    expect(ui.has('late-revert')).toBe(false)
    ui.close()
  } finally {
    folder.remove()
  }
})
