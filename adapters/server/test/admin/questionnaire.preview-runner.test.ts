// The preview runner of each server process (docs/admin.md, "Impact preview"): previews live in the
// memory of the process that computes them, so another instance behind the same address must answer
// "not found" for a preview it did not start, never its own preview that happens to carry the same
// id; and one process computes at most MAX_RUNNING_PREVIEWS at once, refusing more at once.
import { generatePopulation, questionnaire } from '@tandem/fixtures'
import type { PreviewJob, PreviewRunner } from '@tandem/application'
import { afterEach, describe, expect, it } from 'vitest'
import { createPreviewRunner, MAX_RUNNING_PREVIEWS } from '../../src/questionnaire-preview/preview.runner.js'

const people = generatePopulation({ seed: 3, mentees: 150, mentors: 150, pausedShare: 0 })
const job: PreviewJob = {
  revision: 1,
  population: {
    mentees: people.mentees.map((p) => ({ id: p.id, answers: p.menteeAnswers ?? [] })),
    mentors: people.mentors.map((p) => ({ id: p.id, answers: p.mentorAnswers ?? [] })),
    declined: [],
  },
  published: { questionnaire, threshold: 30 },
  draft: { questionnaire, threshold: 40 },
}

const runners: PreviewRunner[] = []
const runner = (): PreviewRunner => {
  const made = createPreviewRunner()
  runners.push(made)
  return made
}
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()))
})

const settled = async (r: PreviewRunner, id: number) => {
  const until = Date.now() + 60_000
  for (;;) {
    const status = r.status(id)
    if (status?.state !== 'Running') return status
    if (Date.now() > until) throw new Error(`preview ${id} still running`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the preview runner of one server process', () => {
  it("answers not found for another instance's preview, never one of its own", async () => {
    const first = runner()
    const second = runner()
    const a = first.start(job)
    const b = second.start(job)
    expect(a).not.toBe(b)
    expect(second.status(a)).toBeUndefined()
    expect(first.status(b)).toBeUndefined()
    expect((await settled(first, a))?.state).toBe('Done')
    expect((await settled(second, b))?.state).toBe('Done')
  })

  it(`computes at most ${MAX_RUNNING_PREVIEWS} at once and refuses more at once; then takes the next`, async () => {
    const r = runner()
    const started = Array.from({ length: MAX_RUNNING_PREVIEWS + 1 }, () => r.start(job))
    const states = started.map((id) => r.status(id)?.state)
    expect(states).toEqual([...Array.from({ length: MAX_RUNNING_PREVIEWS }, () => 'Running'), 'Failed'])
    expect(r.status(started.at(-1) ?? 0)).toMatchObject({ message: 'too many previews are running; try again shortly' })
    for (const id of started.slice(0, MAX_RUNNING_PREVIEWS)) expect((await settled(r, id))?.state).toBe('Done')
    const next = r.start(job)
    expect(r.status(next)?.state).toBe('Running')
    expect((await settled(r, next))?.state).toBe('Done')
  })
})
