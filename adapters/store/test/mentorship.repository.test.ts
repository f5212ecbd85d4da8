// The check-in timelines on both dialects: a timeline written and read back as the core's value,
// a question stored once per tandem, side and occasion, answers as JSON, one-time links by hash.
import { answerCheckIn, CLOSING, endMentorship, MET, pulse, sendQuestion, tandemIdOf, userIdOf, type Timeline } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMentorshipRepository, type Database, type MentorshipRepository } from '../src/index.js'
import { bothStores } from './support/both.dialects.js'

const DAY = 24 * 60 * 60 * 1000
const MATCHED_AT = 1_800_000_000_000

const step = (_timeline: Timeline, result: ReturnType<ReturnType<typeof sendQuestion>>): Timeline => {
  if (isLeft(result)) throw new Error(`refused: ${result.left._tag}`)
  return result.right.timeline
}

describe.each(bothStores())('check-in timelines on $name', (store) => {
  let db: Database
  let repo: MentorshipRepository
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
    repo = createMentorshipRepository(db)
  })
  afterEach(async () => await store.tearDown())
  afterAll(async () => await store.stop())

  it('writes a timeline, its questions and answers, and reads back the same value', async () => {
    const start: Timeline = { tandemId: tandemIdOf(7), matchedAt: MATCHED_AT, ended: null, checkIns: [] }
    const asked = step(start, sendQuestion(MATCHED_AT + 14 * DAY, { side: 'Mentee', occasion: MET })(start))
    await repo.save(undefined, asked, false)
    expect(await repo.timelineOf(tandemIdOf(7))).toEqual(asked)
    const answered = step(
      asked,
      answerCheckIn(MATCHED_AT + 15 * DAY, { side: 'Mentee', occasion: MET, answer: { kind: 'Met', met: 'Yes' } })(asked),
    )
    const pulsed = step(answered, sendQuestion(MATCHED_AT + 30 * DAY, { side: 'Mentor', occasion: pulse(0) })(answered))
    await repo.save(asked, pulsed, false)
    expect(await repo.timelineOf(tandemIdOf(7))).toEqual(pulsed)
    expect(await repo.openTimelineIds()).toEqual([7])
    const ended = step(pulsed, endMentorship(MATCHED_AT + 40 * DAY, { by: 'ProgramYear' })(pulsed))
    const closing = step(ended, sendQuestion(MATCHED_AT + 40 * DAY, { side: 'Mentee', occasion: CLOSING })(ended))
    await repo.save(pulsed, closing, true)
    expect(await repo.timelineOf(tandemIdOf(7))).toEqual(closing)
    expect(await repo.openTimelineIds()).toEqual([])
    expect(await repo.timelinesOfUser([7, 8].map(tandemIdOf))).toEqual([closing])
  })

  it('refuses a second copy of the same question: the transaction that tries it writes nothing', async () => {
    const start: Timeline = { tandemId: tandemIdOf(3), matchedAt: MATCHED_AT, ended: null, checkIns: [] }
    const asked = step(start, sendQuestion(MATCHED_AT + 14 * DAY, { side: 'Mentor', occasion: MET })(start))
    await repo.save(undefined, asked, false)
    await expect(repo.save({ ...asked, checkIns: [] }, asked, false)).rejects.toThrow()
    expect(await repo.timelineOf(tandemIdOf(3))).toEqual(asked)
  })

  it('a link is found by its hash and used once; erasure removes a side and its links', async () => {
    const link = {
      tandemId: tandemIdOf(3),
      side: 'Mentee' as const,
      occasion: MET,
      userId: userIdOf(11),
      expiresAt: MATCHED_AT + DAY,
      usedAt: null,
    }
    await repo.addLink('hash-a', link)
    expect(await repo.linkOf('hash-a')).toEqual(link)
    expect(await repo.linkOf('hash-b')).toBeUndefined()
    expect(await repo.useLink('hash-a', MATCHED_AT)).toBe(true)
    expect(await repo.useLink('hash-a', MATCHED_AT + 1)).toBe(false)
    expect((await repo.linkOf('hash-a'))?.usedAt).toBe(MATCHED_AT)
    const start: Timeline = { tandemId: tandemIdOf(3), matchedAt: MATCHED_AT, ended: null, checkIns: [] }
    const asked = step(start, sendQuestion(MATCHED_AT + 14 * DAY, { side: 'Mentee', occasion: MET })(start))
    const both = step(asked, sendQuestion(MATCHED_AT + 14 * DAY, { side: 'Mentor', occasion: MET })(asked))
    await repo.save(undefined, both, false)
    await repo.eraseSide(userIdOf(11), [{ tandemId: tandemIdOf(3), side: 'Mentee' }])
    expect(await repo.linkOf('hash-a')).toBeUndefined()
    expect((await repo.timelineOf(tandemIdOf(3)))?.checkIns.map((r) => r.side)).toEqual(['Mentor'])
  })
})
