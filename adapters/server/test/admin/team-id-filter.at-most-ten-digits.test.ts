// Review fix (docs/product.md#admin-forms, team id filter: at most 10 digits, else 'enter-a-valid-id'): the server refuses
// an 11-digit id with 400 and that key instead of searching with it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const list = (tandemId: number) =>
  h.call(h.admin, 'POST', '/api/Admin/GetMatchingTandemList', { tandemStates: [], tandemId, email: '', filterCluster: [] })

describe('team id filter', () => {
  it('refuses an id of 11 digits with 400 enter-a-valid-id; 10 digits and 0 are searched', async () => {
    await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
    const eleven = await list(12_345_678_901)
    expect([eleven.status, eleven.body.isFailure, eleven.body.value]).toEqual([400, true, [{ field: 'tandemId', key: 'enter-a-valid-id' }]])
    const ten = await list(9_999_999_999)
    expect([ten.status, ten.body.value]).toEqual([200, []])
    expect((await list(0)).status).toBe(200)
  })
})
