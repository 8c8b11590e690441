import { describe, expect, it } from 'vitest'
import { newProfileModel, validateProfile } from '../../src/renderer/src/panels/connections/profileForm'

const model = (profileDir: string) => ({ ...newProfileModel(), name: 'n', profileDir })

describe('the profile form: the profile folder (desktop window only)', () => {
  it('refuses a relative folder beside its field, with the path and what to type', () => {
    const r = validateProfile(model('profiles'), { editing: false })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.errors.fields.profileDir).toMatch(/^“profiles” is a relative path: enter the full folder path, starting with \//)
  })

  it('keeps the folder apart from the fields (it has its own method), trimmed; empty is none', () => {
    const set = validateProfile(model('  /var/lib/avalanchego/profiles '), { editing: true })
    expect(set.ok && set.value.profileDir).toBe('/var/lib/avalanchego/profiles')
    expect(set.ok && 'profileDir' in set.value.fields).toBe(false)
    const none = validateProfile(model(''), { editing: true })
    expect(none.ok && none.value.profileDir).toBeNull()
  })
})
