// SCAFFOLD (issue 21, being built on a branch): replaced by the entity search before it is merged.
import type { Db } from '../../cache/database'
import { AppError } from '../../../shared/rpc/errors'
import type { AreaHandlers } from '../handlers'

export interface CacheSearchDeps {
  db: Db
}

export function cacheSearchHandlers(_deps: CacheSearchDeps): Pick<AreaHandlers<'cache'>, 'cache.search'> {
  return {
    'cache.search': () => {
      throw new AppError('UNAVAILABLE', 'cache.search is being built')
    }
  }
}
