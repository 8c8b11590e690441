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

/**
 * The same store, telling `hide` every secret it seals or opens, so that no log line can show one
 * (src/main/log.ts). A channel's secrets are sealed as one JSON object: each of its texts is told, and for
 * a URL (a webhook's, whose path is the secret) its path and query alone too.
 */
export function hidingSecrets(store: SecretStore, hide: (secret: string) => void): SecretStore {
  const tell = (plain: string): void => {
    for (const text of secretTexts(plain)) hide(text)
  }
  return {
    storage: store.storage,
    seal: (plain) => (tell(plain), store.seal(plain)),
    open: (sealed) => {
      const plain = store.open(sealed)
      tell(plain)
      return plain
    }
  }
}

function secretTexts(plain: string): string[] {
  let values: unknown[] = [plain]
  if (plain.startsWith('{')) {
    try {
      values = Object.values(JSON.parse(plain) as Record<string, unknown>)
    } catch {
      // not JSON: the text itself is the secret
    }
  }
  return values.filter((v): v is string => typeof v === 'string').flatMap((v) => [v, ...urlParts(v)])
}

function urlParts(value: string): string[] {
  if (!/^https?:\/\//i.test(value)) return []
  try {
    const u = new URL(value)
    return [u.toString(), `${u.pathname}${u.search}`, u.pathname.length > 1 ? u.pathname : '', u.search.slice(1)]
  } catch {
    return []
  }
}
