// The life of a cohort run: Running -> Draft -> Published, or Running -> Cancelled / Failed. Every
// pair of state and event is tried: the listed moves lead where the rule says, all others are refused.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  COHORT_RUN_EVENTS,
  COHORT_RUN_START,
  COHORT_RUN_STATES,
  CohortRunState,
  cohortRunMoveOf,
  isFinalCohortRunState,
  moveCohortRun,
  type CohortRunEvent,
} from '../src/index.js'

/** The rule, written out: every legal move of a cohort run. */
const LEGAL: readonly (readonly [CohortRunState, CohortRunEvent, CohortRunState])[] = [
  ['Running', 'ProgressReported', 'Running'],
  ['Running', 'DraftSaved', 'Draft'],
  ['Running', 'Cancel', 'Cancelled'],
  ['Running', 'Fail', 'Failed'],
  ['Draft', 'DraftEdited', 'Draft'],
  ['Draft', 'Publish', 'Published'],
]
const legalTo = (from: CohortRunState, event: CohortRunEvent) => LEGAL.find(([f, e]) => f === from && e === event)?.[2]

describe('the cohort run lifecycle', () => {
  it('starts Running', () => {
    expect(COHORT_RUN_START).toBe('Running')
  })

  for (const from of COHORT_RUN_STATES)
    for (const event of COHORT_RUN_EVENTS) {
      const to = legalTo(from, event)
      if (to === undefined)
        it(`refuses ${event} from ${from}`, () => {
          expect(moveCohortRun(from, event)).toEqual(E.left({ _tag: 'InvalidTransition', from, event }))
        })
      else
        it(`moves ${from} --${event}--> ${to}`, () => {
          expect(moveCohortRun(from, event)).toEqual(E.right(to))
        })
    }

  it('never leaves Published, Cancelled or Failed, and always can leave Running and Draft', () => {
    expect(COHORT_RUN_STATES.filter(isFinalCohortRunState)).toEqual(['Cancelled', 'Failed', 'Published'])
  })

  it('gives each event the one move a conditional write expects and writes', () => {
    expect(COHORT_RUN_EVENTS.map((event) => [event, cohortRunMoveOf(event)])).toEqual(
      COHORT_RUN_EVENTS.map((event) => {
        const [from, , to] = LEGAL.find(([, e]) => e === event)!
        return [event, { from, to }]
      }),
    )
  })

  it('reaches every state from the start', () => {
    const reached = new Set<CohortRunState>([COHORT_RUN_START])
    for (let grew = true; grew;) {
      grew = false
      for (const from of [...reached])
        for (const event of COHORT_RUN_EVENTS) {
          const to = moveCohortRun(from, event)
          if (E.isRight(to) && !reached.has(to.right)) {
            reached.add(to.right)
            grew = true
          }
        }
    }
    expect([...reached].sort()).toEqual([...COHORT_RUN_STATES].sort())
  })
})

describe('the cohort run state codec', () => {
  it('decodes every state and refuses other text', () => {
    for (const state of COHORT_RUN_STATES) expect(CohortRunState.decode(state)).toEqual(E.right(state))
    for (const text of ['running', 'Paused', '', 3]) expect(E.isLeft(CohortRunState.decode(text))).toBe(true)
  })
})
