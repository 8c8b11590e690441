/**
 * The schema-driven form's reading of contract input schemas: field kinds, required and defaults,
 * the input built from typed text, and problems in the schema's own words (the ones the CLI prints).
 */
import { describe, expect, it } from 'vitest'
import { fieldsOf, inputOf, labelOf, problemsOf } from '../../src/renderer/src/components/form/fields'
import { contract } from '../../src/shared/contract'

const erc20 = contract.methods['data.listErc20Balances'].input
const aggregate = contract.methods['data.aggregateSignatures'].input

describe('schema form fields', () => {
  it('reads kinds, required fields and defaults from the input schema', () => {
    const f = Object.fromEntries(fieldsOf(erc20).map((x) => [x.name, x]))
    expect(f['address']).toMatchObject({ kind: 'string', required: true })
    expect(f['pageSize']).toMatchObject({ kind: 'number', required: false, defaultValue: 10 })
    expect(f['filterSpamTokens']).toMatchObject({ kind: 'boolean', required: false })
    expect(f['contractAddresses']).toMatchObject({ kind: 'list', required: false })
    expect(f['currency']!.kind).toBe('enum')
    expect(f['currency']!.options).toContain('eur')
    // A free list has no fixed values; a list of one of a fixed set offers them (a multiple choice).
    expect(f['contractAddresses']!.options).toBeUndefined()
    const tx = Object.fromEntries(fieldsOf(contract.methods['data.listLatestPrimaryNetworkTransactions'].input).map((x) => [x.name, x]))
    expect(tx['txTypes']).toMatchObject({ kind: 'list', required: false })
    expect(tx['txTypes']!.options).toEqual(expect.arrayContaining(['AddPermissionlessValidatorTx', 'ImportTx']))
    expect(inputOf([tx['txTypes']!], { txTypes: 'ImportTx,ExportTx' })).toEqual({ txTypes: ['ImportTx', 'ExportTx'] })
  })

  it('builds the input from typed text and reports problems in the words the contract uses', () => {
    const fields = fieldsOf(erc20)
    const input = inputOf(fields, { chainId: '43114', address: '0x12', pageSize: '501', contractAddresses: '0xa, 0xb', filterSpamTokens: 'false', blockNumber: '' })
    expect(input).toEqual({ chainId: '43114', address: '0x12', pageSize: 501, contractAddresses: ['0xa', '0xb'], filterSpamTokens: false })
    const p = problemsOf(erc20, input)
    expect(p['pageSize']).toEqual(['pageSize must be a whole number from 1 to 500 (default 10)'])
    expect(p['address']).toEqual(['address must be an EVM address: 0x followed by 40 hex digits'])
    expect(problemsOf(aggregate, { network: 'mainnet' })['message']).toEqual(['give exactly one of message or justification'])
    expect(problemsOf(aggregate, { network: 'mainnet', message: '0x01', quorumPercentage: 90, quorumPercentageBuffer: 20 })['quorumPercentageBuffer']![0]).toContain('must be at most 100')
    expect(problemsOf(aggregate, { network: 'mainnet', justification: '0x01' })).toEqual({})
  })

  it('labels fields for people', () => {
    expect(labelOf('includeInactiveL1Validators')).toBe('Include inactive L1 validators')
    expect(labelOf('pChainHeight')).toBe('P-Chain height')
    expect(labelOf('nodeIds')).toBe('Node IDs')
  })
})
