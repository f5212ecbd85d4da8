// Rows the store's SQL-holds-to-the-core property tests write straight into the schema: a person,
// a proposal's columns of a tandem row, and the pairs (one mentee, one mentor each) their tandems
// belong to (the schema's triggers hold a mentor's live tandems to their places).
import type { Database } from '../../src/index.js'

/** A person's users row: Ada Lovelace with the key as subject and address, registered at `registeredAt`. */
export const userRow = (key: string, roles: string, registeredAt: number) => ({
  issuer: 'https://id.example.org',
  subject: key,
  email: `${key}@example.org`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  gender: 'NA',
  language: 'en',
  roles,
  city: '',
  professional_position: '',
  company: '',
  registered_at: registeredAt,
  accepted_privacy: 1,
  accepted_terms: 1,
  version: 1,
  mentee_no_match: 0,
  mentor_published: 0,
})

/** One side's proposal columns of a tandem row: CLOSED and undecided unless told. */
export const proposalColumns = (side: 'mentee' | 'mentor', id: number, state = 'CLOSED', deadline: number | null = null) => ({
  [`${side}_proposal_id`]: id,
  [`${side}_state`]: state,
  [`${side}_deadline`]: deadline,
  [`${side}_decided_at`]: null,
  [`${side}_decline_reason_id`]: null,
  [`${side}_comment`]: null,
  [`${side}_info_text`]: null,
})

/** `count` pairs of a mentee and a mentor with the given statuses; answers their ids in order. */
export const insertPairs = async (
  db: Database,
  count: number,
  statuses: { readonly mentee: string; readonly mentor: string; readonly registeredAt: number },
): Promise<{ mentee: number; mentor: number }[]> => {
  const pairs: { mentee: number; mentor: number }[] = []
  for (let i = 0; i < count; i++) {
    const [mentee] = await db.all(
      db.kysely
        .insertInto('users')
        .values({ ...userRow(`mentee-${i}`, '["MENTEE"]', statuses.registeredAt), mentee_status: statuses.mentee } as never)
        .returning('id'),
    )
    const [mentor] = await db.all(
      db.kysely
        .insertInto('users')
        .values({ ...userRow(`mentor-${i}`, '["MENTOR"]', statuses.registeredAt), mentor_status: statuses.mentor } as never)
        .returning('id'),
    )
    pairs.push({ mentee: mentee!.id, mentor: mentor!.id })
  }
  return pairs
}
