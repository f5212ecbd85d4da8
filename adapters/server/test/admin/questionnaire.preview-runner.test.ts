// The preview runner of each server process (docs/admin.md, "Impact preview"): it computes stored
// previews in workers, writes each one's share done through its handlers every beat, and ends the
// worker when that write says the preview is no longer Running (cancelled, from any instance) or
// when this process cancels it; an ended worker reports nothing more. One process computes at most
// MAX_RUNNING_PREVIEWS at once and refuses more; another process counts only its own.
import { generatePopulation, questionnaire } from '@tandem/fixtures'
import type { PreviewHandlers, PreviewJob, PreviewRunner } from '@tandem/application'
import type { ImpactPreview } from '@tandem/core'
import { afterEach, describe, expect, it } from 'vitest'
import { createPreviewRunner, MAX_RUNNING_PREVIEWS, STOPPING, TOO_MANY } from '../../src/questionnaire-preview/preview.runner.js'

const jobOf = (mentees: number): PreviewJob => {
  const people = generatePopulation({ seed: 3, mentees, mentors: mentees, pausedShare: 0 })
  return {
    revision: 1,
    population: {
      mentees: people.mentees.map((p) => ({ id: p.id, answers: p.menteeAnswers ?? [] })),
      mentors: people.mentors.map((p) => ({ id: p.id, answers: p.mentorAnswers ?? [] })),
      declined: [],
    },
    published: { questionnaire, threshold: 30 },
    draft: { questionnaire, threshold: 40 },
  }
}
const job = jobOf(150)

const runners: PreviewRunner[] = []
const runner = (beatMs = 10): PreviewRunner => {
  const made = createPreviewRunner({ dataDir: '/tmp/preview-runner-test', beatMs })
  runners.push(made)
  return made
}
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()))
})

/** Handlers that record what the runner says; `running` is what the row answers to a progress write. */
const recorder = () => {
  const said = { fractions: [] as number[], done: null as ImpactPreview | null, failed: null as string | null, running: true }
  let finish = () => {}
  const ended = new Promise<void>((resolve) => (finish = resolve))
  const handlers: PreviewHandlers = {
    progress: async (fraction) => {
      said.fractions.push(fraction)
      return said.running
    },
    done: async (result) => {
      said.done = result
      finish()
    },
    failed: async (message) => {
      said.failed = message
      finish()
    },
  }
  return { said, handlers, ended }
}

const big = jobOf(600)

describe('the preview runner of one server process', () => {
  it(`computes at most ${MAX_RUNNING_PREVIEWS} at once and refuses more; another process counts its own; then takes the next`, async () => {
    const r = runner()
    const first = Array.from({ length: MAX_RUNNING_PREVIEWS }, () => recorder())
    expect(first.map((f, i) => r.start(i + 1, job, f.handlers))).toEqual(first.map(() => null))
    expect(r.start(99, job, recorder().handlers)).toBe(TOO_MANY)
    const other = recorder()
    expect(runner().start(100, job, other.handlers)).toBeNull()
    await Promise.all([...first, other].map((f) => f.ended))
    for (const f of [...first, other]) expect([f.said.done?.mentees, f.said.failed]).toEqual([150, null])
    const next = recorder()
    expect(r.start(3, job, next.handlers)).toBeNull()
    await next.ended
    expect(next.said.done?.mentees).toBe(150)
  }, 60_000)

  it('writes the share done every beat, never falling', async () => {
    const r = runner(5)
    const followed = recorder()
    r.start(1, big, followed.handlers)
    await followed.ended
    expect(followed.said.fractions.length).toBeGreaterThan(1)
    expect(followed.said.fractions).toEqual([...followed.said.fractions].sort((a, b) => a - b))
  }, 60_000)

  it('ends the worker when the progress write finds the preview no longer Running: nothing is reported after', async () => {
    const r = runner(5)
    const cancelled = recorder()
    cancelled.said.running = false
    r.start(1, big, cancelled.handlers)
    // the same job beside it, left to run: once it is done, the first would have been too
    const alongside = recorder()
    r.start(2, big, alongside.handlers)
    await alongside.ended
    expect(alongside.said.done?.mentees).toBe(600)
    expect(cancelled.said.fractions.length).toBeGreaterThan(0)
    expect([cancelled.said.done, cancelled.said.failed]).toEqual([null, null])
    // the worker is gone: this process may compute as many others as before
    expect(r.stop(1)).toBe(false)
  }, 60_000)

  it('ends the worker of a preview this process cancels, and starts nothing once closed', async () => {
    const r = runner()
    const cancelled = recorder()
    r.start(1, big, cancelled.handlers)
    expect(r.stop(1)).toBe(true)
    const alongside = recorder()
    r.start(2, big, alongside.handlers)
    await alongside.ended
    expect(alongside.said.done?.mentees).toBe(600)
    expect([cancelled.said.done, cancelled.said.failed]).toEqual([null, null])
    await r.close()
    expect(r.start(2, job, recorder().handlers)).toBe(STOPPING)
  }, 60_000)
})
