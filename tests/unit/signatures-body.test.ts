import { describe, expect, it } from 'vitest'
import { aggregateSignaturesBody } from '../../src/shared/contract/data-service/signatures'

const MESSAGE = '0x' + 'ab'.repeat(8)

function refusal(body: unknown): string | undefined {
  const r = aggregateSignaturesBody.safeParse(body)
  return r.success ? undefined : r.error.issues.map((i) => i.message).join('; ')
}

describe('the signature aggregation body: signingSubnetId', () => {
  it('takes a subnet id in cb58 (its checksum checked) or as 32 bytes of hex, and says what to give otherwise', () => {
    // The Primary Network's subnet id, as the node prints it.
    expect(refusal({ message: MESSAGE, signingSubnetId: '11111111111111111111111111111111LpoYY' })).toBeUndefined()
    expect(refusal({ message: MESSAGE, signingSubnetId: 'ff'.repeat(32) })).toBeUndefined()
    expect(refusal({ message: MESSAGE, signingSubnetId: '0x' + 'ff'.repeat(32) })).toBeUndefined()
    const words = 'signingSubnetId must be a subnet id in cb58 or as 32 bytes of hex (optionally 0x-prefixed)'
    // A typo in the last character breaks the checksum: refused here rather than by the service.
    expect(refusal({ message: MESSAGE, signingSubnetId: '11111111111111111111111111111111LpoYZ' })).toBe(words)
    expect(refusal({ message: MESSAGE, signingSubnetId: 'subnet-1' })).toBe(words)
    expect(refusal({ message: MESSAGE, signingSubnetId: 'ff'.repeat(31) })).toBe(words)
  })
})
