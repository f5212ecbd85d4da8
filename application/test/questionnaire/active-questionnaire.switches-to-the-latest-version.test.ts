// The published version a process scores with: switched by its own publish, read again only when
// the database changed (another process may have published), never back to an older version; the
// questions completeness requires are version 1's that are still asked.
import { draftOfQuestionnaire, userIdOf, type PublishedQuestionnaire, type QuestionPair } from '@tandem/core'
import { describe, expect, it } from 'vitest'
import { createActiveQuestionnaire } from '../../src/questionnaire/questionnaire.active.js'

const pair = (questionPairId: number): QuestionPair => ({
  questionPairId,
  rule: 'SingleFit',
  kind: 'choice',
  weight: 2,
  mustFit: false,
  minYearsAhead: 0,
  topic: 'working-together',
  mentee: { questionId: 10 * questionPairId + 1, text: { en: 'Q', de: 'F' }, maxOption: 1 },
  mentor: { questionId: 10 * questionPairId + 2, text: { en: 'Q', de: 'F' }, maxOption: 1 },
  options: [{ id: 100 * questionPairId, text: { en: 'O', de: 'A' }, noPreference: false, noSuchBackground: false }],
})

const version = (n: number, pairIds: readonly number[], threshold = 30): PublishedQuestionnaire => ({
  version: n,
  publishedBy: userIdOf(7),
  publishedAt: n * 1000,
  draft: draftOfQuestionnaire({ pairs: pairIds.map(pair) }, [], threshold),
})

/** A stand-in of the store's latest-version read that counts its reads. */
const versionsHolding = (latest: PublishedQuestionnaire) => {
  const store = { latest, reads: 0 }
  return { store, port: { latest: async () => (store.reads++, store.latest) } }
}

describe('the active questionnaire', () => {
  it('reads the latest version again only when the database changed, and switches to it', async () => {
    const first = version(1, [1])
    const { store, port } = versionsHolding(first)
    const active = createActiveQuestionnaire(port, first, first)
    await active.refresh('g1')
    await active.refresh('g1')
    expect(store.reads).toBe(1)
    store.latest = version(2, [1, 2], 55)
    await active.refresh('g1')
    expect(active.published().version).toBe(1)
    await active.refresh('g2')
    expect(store.reads).toBe(2)
    expect([active.published().version, active.threshold()]).toEqual([2, 55])
    expect(active.questionnaire().pairs.map((p) => p.questionPairId)).toEqual([1, 2])
    // Each version's scored questionnaire is one object, so the packed layout is compiled once.
    expect(active.questionnaire()).toBe(active.questionnaire())
  })

  it('never goes back to an older version, and requires only the questions of version 1 still asked, retired options accepted', () => {
    const first = version(1, [1, 3])
    const active = createActiveQuestionnaire(versionsHolding(first).port, first, first)
    const third = version(3, [1, 2, 3])
    const retired: PublishedQuestionnaire = {
      ...third,
      draft: {
        ...third.draft,
        questions: third.draft.questions.map((q) =>
          q.questionPairId === 3
            ? { ...q, retired: true }
            : {
                ...q,
                options: [
                  ...q.options.map((o) => ({ ...o, retired: true })),
                  { ...q.options[0]!, id: q.options[0]!.id + 1, text: { en: 'N', de: 'N' } },
                ],
              },
        ),
      },
    }
    active.activate(retired)
    active.activate(version(2, [1, 2, 3]))
    expect(active.published().version).toBe(3)
    expect(active.questionnaire().pairs.map((p) => p.questionPairId)).toEqual([1, 2])
    expect(active.requiredQuestionnaire().pairs.map((p) => p.questionPairId)).toEqual([1])
    // Option 100 was retired: no longer offered nor scored, but an answer naming it is still an answer.
    expect(active.questionnaire().pairs[0]?.options.map((o) => o.id)).toEqual([101])
    expect(active.requiredQuestionnaire().pairs[0]?.options.map((o) => o.id)).toEqual([100, 101])
  })
})
