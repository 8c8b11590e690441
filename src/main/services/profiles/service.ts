import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/rpc/errors'
import { DEFAULT_HRP, type Output, type ParsedInput, type ProfileFields, type ProfileView } from '../../../shared/contract'
import type { ProfilesStore, ProfileRow } from '../../cache/profiles-store'
import type { SecretStore } from '../../secrets'
import { checkProfileFolder } from './profile-folder'

/** A profile as the services use it: what is stored, with command-line overrides applied. */
export interface EffectiveProfile extends Omit<ProfileRow, 'addressHrp'> {
  addressHrp: string
  apiKey: () => string | undefined
}

export type ConnectionOverrides = Partial<Pick<ProfileFields, 'nodeUrl' | 'dataUrl' | 'metricsUrl' | 'network'>> & {
  cchainUrl?: string
}

/** Profiles and the data-service API key. The key leaves this service only toward the data-service client. */
export class ProfilesService {
  constructor(
    private readonly store: ProfilesStore,
    private readonly secrets: SecretStore,
    private readonly onChange: (activeId: string | null) => void,
    private readonly overrides: ConnectionOverrides = {},
    /** CLI --profile: use this profile for this run without changing the stored active one. */
    private readonly pinnedId?: string
  ) {}

  list(): Output<'profiles.list'> {
    const activeId = this.store.activeId()
    return { profiles: this.store.list().map((p) => this.view(p, activeId)), activeId }
  }

  /** The stored profile of this name (names are unique, compared without case): the config file applies by name. */
  byName(name: string): ProfileRow | undefined {
    return this.store.getByName(name)
  }

  /** Creates a profile; the first one (no profile active) becomes the active one. */
  create(input: ParsedInput<'profiles.create'>): ProfileView {
    const f = input.profile
    this.assertNameFree(f.name)
    const now = Date.now()
    const row: ProfileRow = {
      id: randomUUID(),
      ...f,
      cchainUrl: f.cchainUrl ?? null,
      addressHrp: f.addressHrp ?? null,
      // Chosen on the machine only, with setProfileDir.
      profileDir: null,
      createdAt: now,
      updatedAt: now
    }
    this.store.transaction(() => {
      this.store.insert(row)
      if (input.apiKey) this.store.putSecret(row.id, this.secrets.storage, this.secrets.seal(input.apiKey), row.dataUrl)
      // The first profile is the one to use: it becomes the active one (its view says active: true).
      if (this.store.activeId() === null) this.store.setActiveId(row.id)
    })
    this.onChange(this.store.activeId())
    return this.view(row, this.store.activeId())
  }

  update(id: string, patch: Partial<ProfileFields>): ProfileView {
    const row = this.require(id)
    if (patch.name !== undefined && patch.name.toLowerCase() !== row.name.toLowerCase()) this.assertNameFree(patch.name)
    const next: ProfileRow = {
      ...row,
      ...patch,
      cchainUrl: patch.cchainUrl !== undefined ? patch.cchainUrl : row.cchainUrl,
      addressHrp: patch.addressHrp !== undefined ? patch.addressHrp : row.addressHrp,
      profileDir: row.profileDir,
      updatedAt: Date.now()
    }
    this.store.transaction(() => {
      this.store.update(next)
      // The key was given for one service: a data URL on another origin must not receive it.
      const secret = this.store.secret(id)
      if (secret && !sameOrigin(secret.boundUrl, next.dataUrl)) this.store.dropSecret(id)
    })
    this.onChange(this.store.activeId())
    return this.view(next, this.store.activeId())
  }

  /**
   * Sets (or clears, null) the folder where the profile's node writes its profiles, once it is checked to be
   * a folder the app can read. Declared desktopOnly: browser mode refuses it (effect-policy.ts).
   */
  setProfileDir(id: string, profileDir: string | null): ProfileView {
    this.require(id)
    if (profileDir !== null) checkProfileFolder(profileDir)
    const next: ProfileRow = { ...this.require(id), profileDir, updatedAt: Date.now() }
    this.store.update(next)
    this.onChange(this.store.activeId())
    return this.view(next, this.store.activeId())
  }

  delete(id: string): void {
    this.require(id)
    if (this.store.activeId() === id)
      throw new AppError('CONFLICT', 'This profile is active: activate another profile before deleting it')
    this.store.delete(id)
    this.onChange(this.store.activeId())
  }

  setApiKey(id: string, apiKey: string | null): ProfileView {
    const row = this.require(id)
    if (apiKey === null) this.store.dropSecret(id)
    else this.store.putSecret(id, this.secrets.storage, this.secrets.seal(apiKey), row.dataUrl)
    this.onChange(this.store.activeId())
    return this.view(row, this.store.activeId())
  }

  setActive(id: string): ProfileRow {
    const row = this.require(id)
    this.store.setActiveId(id)
    this.onChange(id)
    return row
  }

  /** The active profile with overrides, or a temporary one made of overrides alone (CLI without a profile). */
  effective(): EffectiveProfile | undefined {
    const activeId = this.pinnedId ?? this.store.activeId()
    const row = activeId ? this.store.get(activeId) : undefined
    if (!row && !this.overrides.nodeUrl) return undefined
    const base: ProfileRow = row ?? {
      id: 'command-line',
      name: 'command line',
      nodeUrl: this.overrides.nodeUrl!,
      dataUrl: this.overrides.dataUrl ?? this.overrides.nodeUrl!,
      metricsUrl: this.overrides.metricsUrl ?? this.overrides.nodeUrl!,
      network: this.overrides.network ?? 'mainnet',
      cchainUrl: null,
      addressHrp: null,
      nodeIds: [],
      profileDir: null,
      createdAt: 0,
      updatedAt: 0
    }
    const merged = { ...base, ...this.overrides }
    return {
      ...merged,
      addressHrp: merged.addressHrp ?? DEFAULT_HRP[merged.network],
      // With --data-url pointing elsewhere, the stored key stays home (readKey checks the origin).
      apiKey: () => this.readKey(base.id, merged.dataUrl)
    }
  }

  /**
   * Every stored profile as the services use it, for the watch, which checks them all. Command-line
   * overrides are left out: they stand for one run's active profile, not for every node.
   */
  everyProfile(): EffectiveProfile[] {
    return this.store.list().map((row) => this.effectiveOf(row))
  }

  /** One stored profile as the services use it (the watch's checks: one row, not the whole list). */
  storedProfile(id: string): EffectiveProfile | undefined {
    const row = this.store.get(id)
    return row ? this.effectiveOf(row) : undefined
  }

  private effectiveOf(row: ProfileRow): EffectiveProfile {
    return { ...row, addressHrp: row.addressHrp ?? DEFAULT_HRP[row.network], apiKey: () => this.readKey(row.id, row.dataUrl) }
  }

  private readKey(id: string, dataUrl: string): string | undefined {
    const s = this.store.secret(id)
    if (!s || !sameOrigin(s.boundUrl, dataUrl)) return undefined
    if (s.storage !== this.secrets.storage)
      throw new AppError('UNAUTHORIZED', 'The stored API key was sealed by another mode of the app; set it again in Connections')
    return this.secrets.open(s.value)
  }

  private require(id: string): ProfileRow {
    const row = this.store.get(id)
    if (!row) throw new AppError('NOT_FOUND', `No profile with id ${id}`)
    return row
  }

  private assertNameFree(name: string): void {
    if (this.store.getByName(name)) throw new AppError('CONFLICT', `A profile named "${name}" exists already: choose another name`)
  }

  private view(p: ProfileRow, activeId: string | null): ProfileView {
    const secret = this.store.secret(p.id)
    return {
      id: p.id,
      name: p.name,
      nodeUrl: p.nodeUrl,
      dataUrl: p.dataUrl,
      metricsUrl: p.metricsUrl,
      network: p.network,
      cchainUrl: p.cchainUrl,
      addressHrp: p.addressHrp ?? DEFAULT_HRP[p.network],
      nodeIds: p.nodeIds,
      profileDir: p.profileDir,
      active: p.id === activeId,
      apiKey: { set: secret !== undefined, storage: secret?.storage ?? null },
      createdAt: p.createdAt,
      updatedAt: p.updatedAt
    }
  }
}

/** Whether two URLs share scheme, host and port: the unit a key is entered for. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin
  } catch {
    return false
  }
}
