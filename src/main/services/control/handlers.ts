import type { AreaHandlers } from '../handlers'
import { listProfileFiles, openProfileFile, resolveProfileDir } from './profile-files'
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
    'control.profileFiles': async () => {
      const dir = resolveProfileDir(profileDir())
      return { dir, files: await listProfileFiles(dir) }
    },
    'control.openProfile': ({ name, valueIndex }) => openProfileFile(resolveProfileDir(profileDir()), name, valueIndex)
  }
}
