import type { AreaHandlers } from '../handlers'
import { listProfileFiles, openProfileFile, profileFolder } from './profile-files'
import type { ControlService } from './service'

export function controlHandlers(control: ControlService, profileDir: () => string | null): AreaHandlers<'control'> {
  const withState = <T>(entry: T) => ({ entry, state: control.state() })
  return {
    'control.state': () => control.state(),
    'control.startCpuProfile': async ({ durationSec }, { signal }) => withState(await control.startCpu(durationSec, signal)),
    'control.stopCpuProfile': async (_input, { signal }) => withState(await control.stopCpu('operator', signal)),
    'control.memoryProfile': async (_input, { signal }) => withState(await control.memoryProfile(signal)),
    'control.lockProfile': async (_input, { signal }) => withState(await control.lockProfile(signal)),
    'control.setLogLevel': async ({ level, revertAfterSec, previous }, { signal }) => withState(await control.setLogLevel(level, revertAfterSec, previous, signal)),
    'control.cancelRevert': ({ id }) => control.cancelRevert(id),
    'control.dismissLateRevert': ({ id }) => control.dismissLate(id),
    'control.journal': ({ limit }) => ({ entries: control.journal(limit) }),
    'control.vmConfig': (_input, { signal }) => control.vmConfig(signal),
    'control.vmConfigSnapshots': () => ({ snapshots: control.snapshots() }),
    'control.profileFiles': async (_input, { signal }) => {
      const configured = profileDir()
      const vm = configured === null ? await control.nodeVmConfig(signal) : undefined
      const folder = profileFolder(configured, vm?.config)
      const listed = await listProfileFiles(folder.dir)
      return {
        dir: folder.dir,
        source: folder.source,
        ...(folder.adminApiDir !== undefined ? { adminApiDir: folder.adminApiDir } : {}),
        ...(folder.note !== undefined ? { note: folder.note } : {}),
        ...(vm ? { vmConfig: { read: vm.read, fetchedAt: vm.fetchedAt } } : {}),
        ...listed
      }
    },
    // The folder the listing used (from the kept VM configuration, never a new call): only its files are read.
    'control.openProfile': async ({ name, valueIndex }) => {
      const configured = profileDir()
      const vm = configured === null ? await control.nodeVmConfig(undefined, false) : undefined
      return openProfileFile(profileFolder(configured, vm?.config).dir, name, valueIndex)
    }
  }
}
