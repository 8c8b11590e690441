import type { Output } from '../../../shared/contract'
import type { AreaHandlers } from '../handlers'

export function appHandlers(info: () => Output<'app.info'>): AreaHandlers<'app'> {
  return { 'app.info': () => info() }
}
