// SCAFFOLD (issue 21, being built on a branch): replaced by the cache's administration before it is merged.
import type { Db } from '../../cache/database'
import { AppError } from '../../../shared/rpc/errors'
import type { AreaHandlers } from '../handlers'

export interface CacheAdminDeps {
  db: Db
}

type AdminMethod = 'cache.stats' | 'cache.clear' | 'cache.export' | 'cache.setLimit' | 'cache.pin' | 'cache.backup' | 'cache.restore'

export function cacheAdminHandlers(_deps: CacheAdminDeps): Pick<AreaHandlers<'cache'>, AdminMethod> {
  const notYet = (): never => {
    throw new AppError('UNAVAILABLE', 'the cache administration is being built')
  }
  return {
    'cache.stats': notYet,
    'cache.clear': notYet,
    'cache.export': notYet,
    'cache.setLimit': notYet,
    'cache.pin': notYet,
    'cache.backup': notYet,
    'cache.restore': notYet
  }
}
