import { homedir } from 'node:os'
import { join } from 'node:path'
import type { LogQuery, Output } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { AppSettingsStore } from '../../cache/app-settings-store'
import { checkMachineFolder, type FolderWords } from '../profiles/profile-folder'
import { listLogFolder } from './log-folder'
import { queryLogs, type QueryOptions } from './query'

/** avalanchego's default --log-dir: its data directory's logs/ folder. */
export const NODE_DEFAULT_LOG_DIR = '~/.avalanchego/logs'
/** What one answer reads at most: 32 rotated files at avalanchego's default size of 8 MiB. */
export const QUERY_BUDGET_BYTES = 256 * 1024 * 1024

const LOG_FOLDER: FolderWords = {
  label: 'The log folder',
  field: 'dir',
  missing: "give the folder the node writes its logs to (avalanchego's --log-dir, ~/.avalanchego/logs by default), or start the node once first",
  notFolder: 'give the folder that holds main.log and the chains\' .log files',
  notSystem: "a node's log folder: give the folder the node writes its logs to"
}

const expandHome = (dir: string): string => (dir.startsWith('~/') ? join(homedir(), dir.slice(2)) : dir)

/** A log folder chosen on the machine (logs.setFolder, a host's config file): there, a folder, readable, not the system's. */
export function checkLogFolder(dir: string): void {
  checkMachineFolder(expandHome(dir), LOG_FOLDER)
}

type FolderView = Output<'logs.folder'>

/** The node's log folder on this machine: which one, what is in it, and the lines that pass a query. */
export class LogsService {
  constructor(
    private readonly settings: Pick<AppSettingsStore, 'logDir' | 'setLogDir'>,
    private readonly options: Partial<QueryOptions> = {}
  ) {}

  private dir(): { dir: string; source: FolderView['source'] } {
    const chosen = this.settings.logDir()
    return chosen === null ? { dir: expandHome(NODE_DEFAULT_LOG_DIR), source: 'default' } : { dir: expandHome(chosen), source: 'machine' }
  }

  async folder(): Promise<FolderView> {
    const { dir, source } = this.dir()
    try {
      return { dir, source, ...(await listLogFolder(dir)), problem: null }
    } catch (e) {
      return { dir, source, files: [], skipped: [], problem: folderProblem(dir, e) }
    }
  }

  /** Checked when chosen, so a wrong path is said where it was typed. */
  async setFolder(dir: string | null): Promise<FolderView> {
    if (dir !== null) checkLogFolder(dir)
    this.settings.setLogDir(dir)
    return this.folder()
  }

  /** A host's config file names the folder (checked when the file was loaded): set when it differs. */
  ensureFolder(dir: string | null): 'set' | 'cleared' | 'unchanged' {
    if (this.settings.logDir() === dir) return 'unchanged'
    this.settings.setLogDir(dir)
    return dir === null ? 'cleared' : 'set'
  }

  async query(query: LogQuery): Promise<Output<'logs.query'>> {
    const { dir } = this.dir()
    let listing
    try {
      listing = await listLogFolder(dir)
    } catch (e) {
      throw new AppError('NOT_FOUND', folderProblem(dir, e))
    }
    return queryLogs(dir, listing.files, query, { budgetBytes: QUERY_BUDGET_BYTES, ...this.options })
  }
}

function folderProblem(dir: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return `${dir} does not exist: the node has not written logs there (set the folder with logs.setFolder, in the desktop app or the CLI)`
  if (code === 'ENOTDIR') return `${dir} is not a folder`
  if (code === 'EACCES') return `${dir} cannot be read by the app's user: give it read access (e.g. add it to the node's group)`
  return `${dir} cannot be read (${code ?? String(e)})`
}
