import { safeStorage } from 'electron'
import type { SecretStore } from '../secrets'
import { plainSecretStore } from '../secrets'
import { log } from '../log'

/** The OS keychain through Electron's safeStorage, where the platform offers it. */
export function desktopSecretStore(): SecretStore {
  if (!safeStorage.isEncryptionAvailable()) {
    log.warn('OS encryption is not available: the API key will be stored unencrypted')
    return plainSecretStore
  }
  return {
    storage: 'encrypted',
    seal: (plain) => safeStorage.encryptString(plain),
    open: (sealed) => safeStorage.decryptString(sealed)
  }
}
