// The whole-program model (docs/matching.md#the-whole-program-model): random interleavings of a
// program year's commands (publish, pause and enable, capacity up and down, start matching, answers
// on both sides, deadlines passing, endings, waitlist rounds and opt-outs, questionnaire versions,
// account erasure, meetings proposed, answered, moved, cancelled, held and sessions logged) driven through the real Express app over HTTP on a real database (SQLite in
// project server, PostgreSQL in server-pg), with the invariants checked after every command.
import { aMentorAnswers } from '@tandem/fixtures'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectOk, startHarness, START } from '../support/harness.js'
import type { ProgramReal } from './program.calls.js'
import { programCommands } from './program.commands.js'
import { checkInvariants } from './program.invariants.js'
import type { ModelMentee, ModelMentor, ProgramModel } from './program.model.js'

// `npm run test:fast` runs a few short years; the full suite (CI) longer and more of them.
const FAST = process.env['TANDEM_TEST_FAST'] === '1'
const RUNS = FAST ? 3 : 8
const MAX_COMMANDS = FAST ? 60 : 100
const MENTEES = 5
const SHRINK_BUDGET_MS = FAST ? 90_000 : 240_000
/** The states a long run must reach: where the features meet. */
const REACHED = [
  'start',
  'mentee-accept',
  'mentor-accept',
  'end',
  'end-puts-on-waitlist',
  'waitlist-served',
  'time',
  // Meetings need a matched team first: a proposal is reached in every long run seen; picks and
  // answers after the meeting in most, not all, so they are not required here.
  'meeting-propose',
] as const
/** Years added, a few at a time, while a state of REACHED was not reached yet. */
const EXTRA_BATCHES = 4
const EXTRA_RUNS = 3
/** Command kinds (program.commands.ts) or `ending-privacy` left out while looking past a known defect; none by default. */
const LEAVE_OUT = (process.env['MODEL_LEAVE_OUT'] ?? '').split(',').filter((kind) => kind !== '')
/** Mentors as the year starts: capacity, and whether they published already. */
const MENTORS: readonly { capacity: number; published: boolean }[] = [
  { capacity: 1, published: true },
  { capacity: 2, published: true },
  { capacity: 1, published: false },
  { capacity: 3, published: false },
]

const aYear = async (tally: Map<string, number>): Promise<{ model: ProgramModel; real: ProgramReal }> => {
  const h = await startHarness()
  const master = await h.call<{ id: number; name: string }[]>(h.admin, 'GET', '/api/Admin/GetStatusMaster')
  expectOk(master, 'status master')
  const mentees: ModelMentee[] = []
  for (let i = 0; i < MENTEES; i++) {
    const person = await h.readyMentee(`Mentee${i}`)
    mentees.push({
      person,
      userId: await h.idOf(person),
      waitlistOn: true,
      waiting: null,
      started: false,
      erased: false,
      answeredAdded: false,
    })
  }
  const mentors: ModelMentor[] = []
  for (const [i, { capacity, published }] of MENTORS.entries()) {
    const name = `Mentor${i}`
    let person
    if (published) person = await h.publishedMentor(name)
    else {
      // Filled in the questionnaire, not yet published: "save and publish" is a command of the year.
      person = h.person(name)
      expectOk(await h.signUp(person, 'Mentor'), 'sign-up')
      expectOk(await h.saveProfile(person, null), 'profile')
      expectOk(await h.saveAnswers(person, 'Mentor', aMentorAnswers(), false), 'answers')
    }
    const own = await h.call(person, 'POST', '/api/Questionnaire/UpdateMentorCapacity', { email: person.email, capacity })
    expectOk(own, 'capacity')
    mentors.push({ person, published, paused: false, capacity, erased: false, answeredAdded: false })
  }
  const model: ProgramModel = {
    now: h.clock(),
    mentors,
    mentees,
    tandems: [],
    declined: new Set(),
    log: [],
    questionnaire: { added: false, retired: false },
    meetings: [],
    sessions: new Map(),
    proposedAt: new Map(),
    tally,
  }
  const real: ProgramReal = { h, statusMaster: master.body.value, leaveOut: LEAVE_OUT }
  await checkInvariants(model, real)
  return { model, real }
}

describe('a program year under random interleavings of its commands', () => {
  it(
    'keeps places, statuses, the waitlist and privacy as the rules say after every command, with no 5xx and no unexplained 409',
    async () => {
      const tally = new Map<string, number>()
      // The year running now: an interrupted shrink leaves it running, and its server is closed before the file ends.
      let running: Promise<unknown> = Promise.resolve()
      const aRunOf = async (commands: Iterable<fc.AsyncCommand<ProgramModel, ProgramReal>>): Promise<void> => {
        const setup = await aYear(tally)
        try {
          await fc.asyncModelRun(() => setup, commands)
        } catch (error) {
          // The shrunk sequence fast-check prints names the commands; this year's log names who acted.
          const message = error instanceof Error ? error.message : String(error)
          throw new Error(`${message}\nThe year as it ran: ${setup.model.log.join(' → ')}`, { cause: error })
        } finally {
          await setup.real.h.close()
        }
      }
      const explore = async (numRuns: number): Promise<void> => {
        try {
          await fc.assert(
            fc.asyncProperty(
              fc.noBias(fc.commands(programCommands(MENTORS.length, LEAVE_OUT), { maxCommands: MAX_COMMANDS, size: 'max' })),
              (commands) => {
                const run = aRunOf(commands)
                running = run.catch(() => undefined)
                return run
              },
            ),
            // A failure's shrinking restarts the server for every attempt: it stops after SHRINK_BUDGET_MS
            // and prints the smallest counterexample found by then.
            {
              numRuns,
              interruptAfterTimeLimit: SHRINK_BUDGET_MS,
              markInterruptAsFailure: true,
              ...(process.env['MODEL_SEED'] === undefined ? {} : { seed: Number(process.env['MODEL_SEED']) }),
            },
          )
        } finally {
          await running
        }
      }
      // The long runs must reach the states where the features meet, or the invariants were checked on
      // trivia: more years are run (a few at a time, up to EXTRA_BATCHES) until each was reached; the
      // few short years of test:fast may miss one by chance.
      const unreached = () => REACHED.filter((kind) => (tally.get(kind) ?? 0) === 0)
      await explore(RUNS)
      for (let batch = 0; !FAST && batch < EXTRA_BATCHES && unreached().length > 0; batch += 1) await explore(EXTRA_RUNS)
      console.info(`whole-program model from ${new Date(START).toISOString()}: ${JSON.stringify(Object.fromEntries([...tally].sort()))}`)
      if (!FAST) expect(unreached(), 'command kinds no year reached').toEqual([])
    },
    SHRINK_BUDGET_MS + 30_000 + (FAST ? 0 : EXTRA_BATCHES * 60_000),
  )
})
