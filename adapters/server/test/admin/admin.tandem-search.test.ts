// The admin's matching-team search over real HTTP: % and _ in the search text are literal
// characters, so `anna_b` finds Anna_b's tandem and not Annaxb's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

const tandemWith = async (mentorName: string): Promise<Person> => {
  const mentor = await h.publishedMentor(mentorName)
  const mentee = await h.readyMentee('Mia')
  expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
  return mentor
}
const search = async (text: string) => {
  const reply = await h.call<{ mentorLastName: string }[]>(h.admin, 'POST', '/api/Admin/GetMatchingTandemList', {
    tandemStates: [],
    tandemId: 0,
    email: text,
    filterCluster: [],
  })
  expectOk(reply, 'search')
  return reply.body.value.map((r) => r.mentorLastName)
}

describe('matching-team search', () => {
  it('treats _ and % in the search text as themselves', async () => {
    await tandemWith('Anna_b')
    await tandemWith('Annaxb')
    expect(await search('anna_b')).toEqual(['Anna_bson'])
    expect(await search('Annaxb')).toEqual(['Annaxbson'])
    expect(await search('anna%')).toEqual([])
    expect((await search('anna')).sort()).toEqual(['Anna_bson', 'Annaxbson'])
  })
})
