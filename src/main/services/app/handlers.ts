import type { Output } from '../../../shared/contract'
import type { AreaHandlers } from '../handlers'

export interface AppSettings {
  browserNodeChanges(): boolean
  setBrowserNodeChanges(allowed: boolean): void
}

export function appHandlers(info: () => Output<'app.info'>, settings: AppSettings): AreaHandlers<'app'> {
  return {
    'app.info': () => info(),
    'app.setBrowserNodeChanges': ({ allowed }) => {
      settings.setBrowserNodeChanges(allowed)
      return info()
    }
  }
}
