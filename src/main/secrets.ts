import type { SecretStorage } from '../shared/contract/profiles'
/**
 * How secrets (the data-service API key) are sealed at rest. The desktop app passes one backed by
 * Electron's safeStorage (the OS keychain); browser mode and the CLI keep the key in the database
 * file (mode 0600) and say so to the user as "stored unencrypted".
 */
export interface SecretStore {
  readonly storage: SecretStorage
  seal(plain: string): Buffer
  open(sealed: Buffer): string
}

export const plainSecretStore: SecretStore = {
  storage: 'unencrypted',
  seal: (plain) => Buffer.from(plain, 'utf8'),
  open: (sealed) => sealed.toString('utf8')
}
