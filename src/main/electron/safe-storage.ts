import { safeStorage } from 'electron'
import type { SecretStorage } from '../../shared/contract/profiles'
import type { SecretStore } from '../secrets'
import { plainSecretStore } from '../secrets'
import { log } from '../log'

/**
 * The OS keychain through Electron's safeStorage, where the platform offers it. On Linux without a
 * keyring (no gnome-libsecret, no kwallet) Chromium falls back to `basic_text`: the key is sealed
 * with a fixed password built into Chromium, which anyone who can read the file can undo. The key is
 * still sealed, but the user is told the truth: "obfuscated", to be treated as unencrypted.
 * Call after the app is ready (the Linux backend is chosen then).
 */
export function desktopSecretStore(): SecretStore {
  if (!safeStorage.isEncryptionAvailable()) {
    log.warn('OS encryption is not available: the API key will be stored unencrypted')
    return plainSecretStore
  }
  const storage = desktopStorageKind()
  if (storage === 'obfuscated') {
    log.warn('no system keyring (safeStorage backend is basic_text or unknown): the API key is sealed with a fixed built-in key; treat it as unencrypted')
  }
  return {
    storage,
    seal: (plain) => safeStorage.encryptString(plain),
    open: (sealed) => safeStorage.decryptString(sealed)
  }
}

/** What safeStorage's sealing is worth on this platform. */
export function desktopStorageKind(platform: NodeJS.Platform = process.platform): SecretStorage {
  if (platform !== 'linux') return 'encrypted'
  let backend: string
  try {
    backend = safeStorage.getSelectedStorageBackend()
  } catch {
    // Not knowing is not a reason to claim encryption.
    backend = 'unknown'
  }
  return backend === 'basic_text' || backend === 'unknown' ? 'obfuscated' : 'encrypted'
}
