/**
 * A restore brings data, not authority (issue 31). A backup is a file from outside: what it says of this
 * machine's security settings is not taken (backup.ts keeps them), and what it brings that the app would act
 * on is checked as if it were entered now, before any of it is used (in the restore's own transaction):
 * - each profile folder with the check profiles.setProfileDir makes: one that fails is cleared;
 * - each alert channel against alerts.addChannel's rules, its secret opened: one that fails is disabled
 *   (kept and shown with why, sent nothing, so the operator sees what the file held and can add it again).
 * Each is named in the restore's report.
 */
import { MAX_CHANNELS, type Output } from '../../../shared/contract'
import type { ChannelRow } from '../../cache/outbox-store'

type Report = Output<'cache.restore'>
export type RestoreVetting = Pick<Report, 'profileFoldersCleared' | 'channelsDisabled'>

export interface RestoreCheckDeps {
  profiles: {
    list(): { id: string; name: string; profileDir: string | null }[]
    clearProfileDir(id: string): void
  }
  /** throws, with what is wrong, when profiles.setProfileDir would refuse the folder */
  checkFolder(dir: string): void
  channels: {
    list(): ChannelRow[]
    disable(id: string, reason: string): void
  }
  /** why alerts.addChannel would refuse the channel, or null */
  channelRefusal(row: ChannelRow): string | null
}

export function checkRestored(deps: RestoreCheckDeps): RestoreVetting {
  const profileFoldersCleared: RestoreVetting['profileFoldersCleared'] = []
  for (const p of deps.profiles.list()) {
    if (p.profileDir === null) continue
    try {
      deps.checkFolder(p.profileDir)
    } catch (e) {
      deps.profiles.clearProfileDir(p.id)
      profileFoldersCleared.push({ profileId: p.id, profileName: p.name, folder: p.profileDir.slice(0, 4_096), reason: (e as Error).message.slice(0, 500) })
    }
  }
  const channelsDisabled: RestoreVetting['channelsDisabled'] = []
  deps.channels.list().forEach((row, i) => {
    const reason = i >= MAX_CHANNELS ? `more than ${MAX_CHANNELS} channels: alerts.addChannel takes no more` : deps.channelRefusal(row)
    if (reason === null) return
    deps.channels.disable(row.id, reason)
    channelsDisabled.push({ channelId: row.id, channelName: row.name, kind: row.kind, reason })
  })
  return { profileFoldersCleared, channelsDisabled }
}
