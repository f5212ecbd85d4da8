// The deadline rule as SQL (tandem.predicates.ts): the sweep's work list of tandems whose deadline
// passed while a side still had to answer. On random tandems, on the SQLite file and on PostgreSQL,
// the SQL lists exactly the tandems core's expiredSide expires: states from core's enumerations
// (every phase's shape, and pairs no phase has), deadlines before, at and after the instant, or none.
import {
  expiredSide,
  PHASE_SHAPES,
  PROPOSAL_STATES,
  proposalIdOf,
  TANDEM_PHASES,
  TANDEM_STATES,
  tandemIdOf,
  type Proposal,
  type ProposalState,
  type Side,
  type TandemState,
} from '@tandem/core'
import fc from 'fast-check'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createListQueries, type Database } from '../src/index.js'
import { bothStores } from './support/both.dialects.js'
import { insertPairs, proposalColumns } from './support/rows.js'

const NOW = Date.UTC(2026, 10, 2, 12)
const HOUR = 60 * 60 * 1000
const MAX_TANDEMS = 12

type Shape = { readonly state: TandemState; readonly mentee: ProposalState; readonly mentor: ProposalState }
type Generated = Shape & { readonly menteeDeadline: number | null; readonly mentorDeadline: number | null }

/** A phase's shape (so the expiring phases come up often), or any combination of core's states. */
const shape: fc.Arbitrary<Shape> = fc.oneof(
  fc.constantFrom(...TANDEM_PHASES.flatMap((phase) => PHASE_SHAPES[phase])),
  fc.record({
    state: fc.constantFrom(...TANDEM_STATES),
    mentee: fc.constantFrom(...PROPOSAL_STATES),
    mentor: fc.constantFrom(...PROPOSAL_STATES),
  }),
)
/** None, or an hour before, the instant itself, or an hour after. */
const deadline = fc.option(fc.constantFrom(NOW - HOUR, NOW, NOW + HOUR), { nil: null })
const tandem: fc.Arbitrary<Generated> = fc
  .record({ shape, menteeDeadline: deadline, mentorDeadline: deadline })
  .map((t) => ({ ...t.shape, menteeDeadline: t.menteeDeadline, mentorDeadline: t.mentorDeadline }))

const proposal = (id: number, side: Side, state: ProposalState, at: number | null): Proposal => ({
  id: proposalIdOf(tandemIdOf(id), side),
  state,
  deadline: at,
  decidedAt: null,
  declineReasonId: null,
  comment: null,
  infoText: null,
})

describe.each(bothStores())('the deadline rule as SQL on $name', (store) => {
  let db: Database
  // A mentee and a mentor for each tandem (the schema's triggers hold a mentor's live tandems to their places).
  let pairs: { mentee: number; mentor: number }[]
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
    pairs = await insertPairs(db, MAX_TANDEMS, { mentee: 'PROPOSED', mentor: 'PROPOSED', registeredAt: NOW })
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  it('lists the tandems expiredSide expires', async () => {
    let expiredSeen = 0
    await fc.assert(
      fc.asyncProperty(fc.array(tandem, { maxLength: MAX_TANDEMS }), async (tandems) => {
        await db.run(db.kysely.deleteFrom('tandems'))
        for (const [i, t] of tandems.entries())
          await db.run(
            db.kysely.insertInto('tandems').values({
              id: i + 1,
              version: 1,
              state: t.state,
              mentee_id: pairs[i]!.mentee,
              mentor_id: pairs[i]!.mentor,
              cluster_id: null,
              created_at: NOW - 100 * HOUR,
              manual: 1,
              score_base: 0,
              score_max: 0,
              score_percentage: 0,
              score_breakdown: '[]',
              ...proposalColumns('mentee', 2 * i + 1, t.mentee, t.menteeDeadline),
              ...proposalColumns('mentor', 2 * i + 2, t.mentor, t.mentorDeadline),
            } as never),
          )
        const expected = tandems.flatMap((t, i) =>
          expiredSide(
            {
              state: t.state,
              menteeProposal: proposal(i + 1, 'Mentee', t.mentee, t.menteeDeadline),
              mentorProposal: proposal(i + 1, 'Mentor', t.mentor, t.mentorDeadline),
            },
            NOW,
          ) === undefined
            ? []
            : [i + 1],
        )
        expiredSeen += expected.length
        expect(new Set(await createListQueries(db).expiredTandemIds(NOW))).toEqual(new Set(expected))
      }),
      { numRuns: 40 },
    )
    // the property was not vacuous
    expect(expiredSeen).toBeGreaterThan(0)
  })
})
