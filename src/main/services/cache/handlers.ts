import type { AreaHandlers } from '../handlers'
import { cacheAdminHandlers, type CacheAdminDeps } from './admin'
import { cacheSearchHandlers, type CacheSearchDeps } from './search'

/** The cache area: search across the kept entities (./search.ts), and what the operator does with the cache (./admin.ts). */
export function cacheHandlers(search: CacheSearchDeps, admin: CacheAdminDeps): AreaHandlers<'cache'> {
  return { ...cacheSearchHandlers(search), ...cacheAdminHandlers(admin) }
}
