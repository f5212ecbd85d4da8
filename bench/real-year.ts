// What a program looks like after a year (the server benchmark's population, issue "Speed given
// back"): mentors with several places (capacities 1–5), a questionnaire edited twice over — a
// question added (a copy of a choice question under new ids, answered since by a third of each side)
// and one retired — and mentees waiting whose last run found nobody. Applied to a seeded server
// through the same store calls the administrator's publish and the answers page use.
import {
  calendarYearOf,
  checkDraft,
  editDraftFrom,
  isQuestionnaireComplete,
  publish,
  userIdOf,
  type Answer,
  type DraftQuestion,
  type Side,
} from '@tandem/core'
import { seededRandom } from '@tandem/fixtures'
import type { SeededPerson } from '@tandem/server'

type Server = Awaited<ReturnType<(typeof import('@tandem/server'))['createServer']>>

export type RealYear = { readonly addedQuestion: number; readonly retiredQuestion: number; readonly answeredAdded: number }

/** Share of each side that answered the added question since it was published. */
const ANSWERED_ADDED = 1 / 3
const MAX_CAPACITY = 5

export const makeRealYear = async (
  server: Server,
  seeded: readonly SeededPerson[],
  waiting: readonly SeededPerson[],
): Promise<RealYear> => {
  const { ctx } = server
  const k = server.db.kysely
  const random = seededRandom(53)
  const now = ctx.clock()
  // Several places: each mentor 1 to 5.
  const mentors = seeded.filter((p) => p.side === 'Mentor')
  await server.db.transaction(async () => {
    for (const m of mentors)
      await server.db.send(
        k
          .updateTable('users')
          .set({ mentor_capacity: random.int(1, MAX_CAPACITY) })
          .where('id', '=', m.userId),
      )
  })
  // The questionnaire edited: a choice question added (a copy of the first SingleFit one), another retired.
  const latest = await ctx.questionnaireVersions.latest()
  if (latest === undefined) throw new Error('no questionnaire version')
  const draft = editDraftFrom(latest)
  const live = draft.questions.filter((q) => !q.retired && q.kind === 'choice' && q.mentee !== null)
  const copied = live.find((q) => q.rule === 'SingleFit')
  const retired = live.find((q) => q !== copied && !q.mustFit && q.weight > 0)
  if (copied === undefined || retired === undefined || copied.mentee === null) throw new Error('no question to copy or retire')
  const questionIds = draft.questions.flatMap((q) => [q.mentee?.questionId ?? 0, q.mentor.questionId])
  const optionIds = draft.questions.flatMap((q) => q.options.map((o) => o.id))
  const addedId = Math.max(...draft.questions.map((q) => q.questionPairId)) + 1
  const firstQuestionId = Math.max(...questionIds) + 1
  const firstOptionId = Math.max(...optionIds) + 1
  const added: DraftQuestion = {
    ...copied,
    questionPairId: addedId,
    mentee: { ...copied.mentee, questionId: firstQuestionId },
    mentor: { ...copied.mentor, questionId: firstQuestionId + 1 },
    options: copied.options.map((o, i) => ({ ...o, id: firstOptionId + i })),
  }
  const edited = {
    ...draft,
    questions: [...draft.questions.map((q) => (q.questionPairId === retired.questionPairId ? { ...q, retired: true } : q)), added],
  }
  const by = userIdOf(seeded[0]?.userId ?? 1)
  if (!(await ctx.questionnaireVersions.saveDraft(edited, latest.version, 0, by, now))) throw new Error('draft not saved')
  const checked = checkDraft(edited, latest)
  if (checked._tag === 'Left') throw new Error(`draft refused: ${JSON.stringify(checked.left)}`)
  const published = publish(checked.right, by, now, [latest])
  if (published._tag === 'Left') throw new Error(`publish refused: ${JSON.stringify(published.left)}`)
  if (!(await ctx.questionnaireVersions.publish(published.right.published, 1))) throw new Error('version not published')
  ctx.activeQuestionnaire.activate(published.right.published)
  // A third of each side answered the added question since (as they answered the one it copies).
  const optionOf = new Map(copied.options.map((o, i) => [o.id, firstOptionId + i]))
  let answeredAdded = 0
  await server.db.transaction(async () => {
    for (const p of seeded) {
      if (!random.chance(ANSWERED_ADDED)) continue
      const side: Side = p.side
      const stored = await ctx.answers.load(p.userId, side)
      const copy = stored?.answers.find((a) => a.questionPairId === copied.questionPairId)
      if (stored === undefined || copy === undefined) continue
      const answers: Answer[] = [
        ...stored.answers,
        { ...copy, questionPairId: addedId, optionIds: copy.optionIds.map((id) => optionOf.get(id) ?? id) },
      ]
      await ctx.answers.save(
        p.userId,
        side,
        answers,
        now,
        isQuestionnaireComplete(ctx.master.requiredQuestionnaire, side, answers, calendarYearOf(now)),
      )
      answeredAdded++
    }
  })
  // Mentees waiting: their last run found nobody (the waitlist bench's way of putting them there).
  await server.db.transaction(async () => {
    for (const p of waiting)
      await server.db.send(
        k
          .updateTable('users')
          .set({ mentee_no_match: 1, mentee_status: 'AVAILABLE', mentee_last_started_at: now - 60_000 })
          .where('id', '=', p.userId),
      )
  })
  return { addedQuestion: addedId, retiredQuestion: retired.questionPairId, answeredAdded }
}
