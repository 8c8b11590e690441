/** The profiles and jobs areas through the contract: what the connections panel relies on. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Contract } from '../../../src/shared/contract'
import { type RpcClient } from '../../../src/shared/rpc/client'
import { connect, failure, testApp } from './helpers'

let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>
const events: string[] = []
const fields = (name: string) => ({ name, nodeUrl: 'http://127.0.0.1:1', dataUrl: 'http://127.0.0.1:1', metricsUrl: 'http://127.0.0.1:1', network: 'fuji' as const, nodeIds: [] })

beforeEach(() => {
  ctx = testApp('browser')
  client = connect(ctx.app)
  events.length = 0
  client.on('profiles.changed', (p) => events.push(`profiles.changed ${p.activeId ?? 'none'}`))
  client.on('cache.changed', (p) => events.push(`cache.changed ${p.methods.join(',')}`))
})
afterEach(() => ctx.done())

describe('profiles', () => {
  it('sets and clears the API key; the key itself never comes back', async () => {
    const p = await client.call('profiles.create', { profile: fields('a') })
    expect(p.apiKey).toEqual({ set: false, storage: null })
    const withKey = await client.call('profiles.setApiKey', { id: p.id, apiKey: 'sk-abcdef123456' })
    expect(withKey.apiKey).toEqual({ set: true, storage: 'unencrypted' })
    expect(JSON.stringify(await client.call('profiles.list', {}))).not.toContain('sk-abcdef123456')
    const cleared = await client.call('profiles.setApiKey', { id: p.id, apiKey: null })
    expect(cleared.apiKey).toEqual({ set: false, storage: null })
    expect((await failure(client.call('profiles.setApiKey', { id: p.id, apiKey: 'has space' }))).code).toBe('BAD_INPUT')
  })

  it('deletes a profile, but not the active one; each change is announced', async () => {
    const a = await client.call('profiles.create', { profile: fields('a') })
    const b = await client.call('profiles.create', { profile: fields('b') })
    await client.call('profiles.activate', { id: a.id }).catch(() => undefined)
    const refused = await failure(client.call('profiles.delete', { id: a.id }))
    expect(refused.code).toBe('CONFLICT')
    expect(refused.message).toMatch(/activate another profile/)
    expect(await client.call('profiles.delete', { id: b.id })).toEqual({ deleted: true })
    expect((await client.call('profiles.list', {})).profiles.map((p) => p.name)).toEqual(['a'])
    expect((await failure(client.call('profiles.delete', { id: b.id }))).code).toBe('NOT_FOUND')
    await new Promise((r) => setImmediate(r))
    expect(events).toContain(`profiles.changed ${a.id}`)
    expect(events).toContain('cache.changed *')
  })
})

describe('profiles: first run and node URLs', () => {
  it('the first profile becomes the active one (and is announced so); a second does not', async () => {
    const first = await client.call('profiles.create', { profile: fields('first') })
    expect(first.active).toBe(true)
    const second = await client.call('profiles.create', { profile: fields('second') })
    expect(second.active).toBe(false)
    expect((await client.call('profiles.list', {})).activeId).toBe(first.id)
    await new Promise((r) => setImmediate(r))
    expect(events).toContain(`profiles.changed ${first.id}`)
  })

  it('refuses a node URL with a path, with words that say which part to remove; a trailing slash is fine', async () => {
    const refused = await failure(client.call('profiles.create', { profile: { ...fields('path'), nodeUrl: 'http://127.0.0.1:40695/ext/info' } }))
    expect(refused.code).toBe('BAD_INPUT')
    expect(refused.message).toContain(`The node URL must be the node's base address, such as http://127.0.0.1:9650, without a path (remove "/ext/info")`)
    const ok = await client.call('profiles.create', { profile: { ...fields('slash'), nodeUrl: 'http://127.0.0.1:9650/' } })
    expect(ok.nodeUrl).toBe('http://127.0.0.1:9650')
    const update = await failure(client.call('profiles.update', { id: ok.id, profile: { nodeUrl: 'http://127.0.0.1:9650/ext/bc/C/rpc' } }))
    expect(update.code).toBe('BAD_INPUT')
    expect(update.message).toContain('(remove "/ext/bc/C/rpc")')
    // Other URLs may have a path (a C-Chain RPC URL usually has one).
    const cchain = await client.call('profiles.update', { id: ok.id, profile: { cchainUrl: 'http://127.0.0.1:9650/ext/bc/C/rpc' } })
    expect(cchain.cchainUrl).toBe('http://127.0.0.1:9650/ext/bc/C/rpc')
  })
})

describe('jobs', () => {
  it('lists none at start, and cancelling an unknown job says so', async () => {
    expect(await client.call('jobs.list', {})).toEqual({ jobs: [] })
    const r = await failure(client.call('jobs.cancel', { id: '00000000-0000-4000-8000-000000000000' }))
    expect(r.code).toBe('NOT_FOUND')
  })
})
