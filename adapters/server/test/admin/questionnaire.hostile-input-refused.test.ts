// Hostile input through the real app: a body nested 10,000 levels deep is a 400 naming the limit on
// every route (it used to overflow the stack, a 500), and a question, option or profile question
// text carrying markup is refused on its field, by the import and by a save alike, changing nothing
// (docs/api.md, Limits; docs/admin.md, "Questionnaire versions").
import { JSON_DEPTH_MAX, type QuestionnaireDraft, type QuestionnaireDraftView, type QuestionnaireFile } from '@tandem/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

const readDraft = async () => (await h.call<QuestionnaireDraftView>(h.admin, 'GET', '/api/Admin/GetQuestionnaireDraft')).body.value
const exported = async () => (await h.call<QuestionnaireFile>(h.admin, 'GET', '/api/Admin/ExportQuestionnaire')).body.value

/** `inner` wrapped in `levels` arrays, as text: JSON.stringify itself would recurse that deep. */
const nested = (levels: number, inner = '0'): string => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`

/** The draft with the texts of its first question (English, mentee side) and first option (German) replaced. */
const withTexts = (draft: QuestionnaireDraft, question: string, option: string): QuestionnaireDraft => {
  const [first, ...rest] = draft.questions
  if (first?.mentee === null || first?.mentee === undefined) throw new Error('the seed asks mentees its first question')
  const [firstOption, ...otherOptions] = first.options
  if (firstOption === undefined) throw new Error("the seed's first question has options")
  return {
    ...draft,
    questions: [
      {
        ...first,
        mentee: { ...first.mentee, text: { ...first.mentee.text, en: question } },
        options: [{ ...firstOption, text: { ...firstOption.text, de: option } }, ...otherOptions],
      },
      ...rest,
    ],
  }
}

describe('hostile questionnaire input', () => {
  it('answers a body nested 10,000 levels deep with a 400 naming the limit, on every JSON route, and changes nothing', async () => {
    const tooDeep = [{ field: '$', key: 'json-too-deep', params: { max: JSON_DEPTH_MAX } }]
    const file = await h.call(h.admin, 'POST', '/api/Admin/ImportQuestionnaire', `{"revision":0,"file":${nested(10_000)}}`)
    expect([file.status, file.body.errorCode, file.body.value]).toEqual([400, 'ValidationFailed', tooDeep])
    const draft = await h.call(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', `{"revision":0,"draft":${nested(10_000)}}`)
    expect([draft.status, draft.body.value]).toEqual([400, tooDeep])
    const mentee = await h.readyMentee()
    const profile = await h.call(mentee, 'POST', '/api/user/UpdateProfile', nested(10_000, '{}'))
    expect([profile.status, profile.body.value]).toEqual([400, tooDeep])
    // One level past the limit is refused; at the limit, the route's own codec answers.
    const past = await h.call(h.admin, 'POST', '/api/Admin/ImportQuestionnaire', `{"revision":0,"file":${nested(JSON_DEPTH_MAX)}}`)
    expect(past.body.value).toEqual(tooDeep)
    const at = await h.call(h.admin, 'POST', '/api/Admin/ImportQuestionnaire', `{"revision":0,"file":${nested(JSON_DEPTH_MAX - 1)}}`)
    expect([at.status, at.body.value]).toEqual([400, [expect.objectContaining({ field: 'file.$' })]])
    expect((await readDraft()).revision).toBe(0)
  })

  it('refuses an imported file whose texts carry markup, each on its field, and imports nothing', async () => {
    const file = await exported()
    const hostile = {
      ...file,
      questionnaire: withTexts(file.questionnaire, 'Where <script>alert(1)</script> do you work?', 'Ja <img src=x onerror=alert(1)>'),
    }
    const refused = await h.call(h.admin, 'POST', '/api/Admin/ImportQuestionnaire', { revision: 0, file: hostile })
    expect([refused.status, refused.body.errorCode, refused.body.value]).toEqual([
      400,
      'ValidationFailed',
      [
        { field: 'file.questionnaire.questions.0.mentee.text.en', key: 'questionnaire-text-markup' },
        { field: 'file.questionnaire.questions.0.options.0.text.de', key: 'questionnaire-text-markup' },
      ],
    ])
    const comment = { ...file, questionnaire: withTexts(file.questionnaire, 'Your work <!-- hidden --> place?', 'Gut') }
    expect((await h.call(h.admin, 'POST', '/api/Admin/ImportQuestionnaire', { revision: 0, file: comment })).body.value).toEqual([
      { field: 'file.questionnaire.questions.0.mentee.text.en', key: 'questionnaire-text-markup' },
    ])
    expect(await readDraft()).toMatchObject({ revision: 0, draft: file.questionnaire })
  })

  it('refuses a draft save whose texts carry markup, and keeps a "<" that opens no markup', async () => {
    const { draft } = await readDraft()
    const refused = await h.call(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', {
      revision: 0,
      draft: {
        ...withTexts(draft, 'Plain?', '</b>Nein'),
        profileQuestions: draft.profileQuestions.map((p, i) => (i === 0 ? { ...p, text: { ...p.text, en: '<b>Bold</b>' } } : p)),
      },
    })
    expect([refused.status, refused.body.value]).toEqual([
      400,
      [
        { field: 'draft.questions.0.options.0.text.de', key: 'questionnaire-text-markup' },
        { field: 'draft.profileQuestions.0.text.en', key: 'questionnaire-text-markup' },
      ],
    ])
    expect((await readDraft()).revision).toBe(0)
    const plain = withTexts(draft, 'Fewer than 5 years (< 5) or <= 2?', 'Weniger als 3 Jahre (<3)')
    const saved = await h.call<QuestionnaireDraftView>(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', { revision: 0, draft: plain })
    expect([saved.status, saved.body.value.revision]).toEqual([200, 1])
    expect((await readDraft()).draft).toEqual(plain)
  })
})
