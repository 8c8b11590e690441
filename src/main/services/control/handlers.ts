import type { KeptProfile } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { AreaHandlers } from '../handlers'
import { withDecoder } from './pprof-decoder'
import { MAX_KEPT_PER_PROFILE, type KeptProfiles } from './kept-profiles'
import { listProfileFiles, profileFolder, readProfileFile } from './profile-files'
import type { ControlService } from './service'

/** The kept copies of opened profiles: where they live and whose they are (the active app profile). */
export interface KeptDeps {
  store: KeptProfiles
  dir: string
  profileId: () => string | null
  /** Each copy kept of a file opened (the entities' journal of profile files). */
  opened?: (copy: KeptProfile) => void
}

/** A download part: 384 KiB of bytes is 512 KiB of base64, well inside a frame. */
const PART_BYTES = 384 * 1024

/**
 * `decodeDeadlineMs`: how long one profile file may decode (DECODE_LIMITS.deadlineMs unless tests make it
 * shorter, AppOptions.decodeDeadlineMs).
 */
export function controlHandlers(control: ControlService, profileDir: () => string | null, kept?: KeptDeps, decodeDeadlineMs?: number): AreaHandlers<'control'> {
  const activeId = (): string => {
    const id = kept?.profileId()
    if (!kept || !id) throw new AppError('NOT_FOUND', 'No active profile: kept profile copies belong to a profile')
    return id
  }
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
    // Each file opened is kept as a copy (by time) in the data folder, to read offline and to compare.
    // The file is read only once a decoder slot is free (or the call is refused as busy): the bytes held by
    // calls at once stay within PROFILE_READ_BOUND_BYTES however many a page makes.
    'control.openProfile': async ({ name, valueIndex }, { signal }) => {
      const configured = profileDir()
      // The kept configuration, or (never read yet) the node's own answer.
      const vm = configured === null ? ((await control.nodeVmConfig(undefined, false)) ?? (await control.nodeVmConfig())) : undefined
      const dir = profileFolder(configured, vm?.config).dir
      return withDecoder(async (decode, buffer) => {
        const { bytes, modifiedAt } = await readProfileFile(dir, name, buffer)
        const summary = await decode(name, bytes, valueIndex, signal)
        const id = kept?.profileId()
        if (!kept || !id) return summary
        const copy = await kept.store.keep(id, control.scope(), name, modifiedAt, bytes)
        kept.opened?.(copy)
        return { kept: copy, ...summary }
      }, signal, decodeDeadlineMs)
    },
    'control.keptProfiles': async () => {
      const id = kept?.profileId()
      return { max: MAX_KEPT_PER_PROFILE, dir: kept && id ? `${kept.dir}/${id}` : '', profiles: kept && id ? await kept.store.list(id) : [] }
    },
    'control.openKeptProfile': async ({ id, valueIndex }, { signal }) => {
      const owner = activeId()
      return withDecoder(async (decode) => {
        const { kept: copy, bytes } = await kept!.store.read(owner, id)
        return { kept: copy, ...(await decode(copy.name, bytes, valueIndex, signal)) }
      }, signal, decodeDeadlineMs)
    },
    'control.keptProfileBytes': async ({ id, offset }) => {
      const { kept: copy, bytes } = await kept!.store.slice(activeId(), id, offset, PART_BYTES)
      return { kept: copy, offset, base64: bytes.toString('base64'), done: offset + bytes.length >= copy.size }
    },
    'control.logLevel': (_input, { signal }) => control.currentLogLevel(signal)
  }
}
