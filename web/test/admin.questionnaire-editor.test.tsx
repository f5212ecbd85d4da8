// The administrator's questionnaire editor against the real API (docs/admin.md "Questionnaire
// versions"): rename a question in both languages, add an option, raise a weight, save, check and
// publish (the published version holds the change); add a question pair with flagged options and a
// profile question; a save after another administrator saved meanwhile is refused with a clear
// message and keeps what was typed; a check's finding opens its question and focuses its field.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { QuestionnaireFile, QuestionnaireVersionSummary } from '@tandem/core'
import { startRealApi, type RealApi } from './utils/realApi.js'
import { draftOn, openQuestionnaireEditor } from './utils/questionnaire-editor.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const open = async (language: 'en' | 'de' = 'en') => {
  const real = await startRealApi()
  api = real
  return await openQuestionnaireEditor(real, language)
}

const versionsOn = async (real: RealApi) =>
  (await real.expectOk(real.call<QuestionnaireVersionSummary[]>(real.admin, 'GET', '/api/Admin/GetQuestionnaireVersions'), 'versions')).map(
    (v) => v.version,
  )

const publishedOn = async (real: RealApi, version: number) =>
  (await real.expectOk(real.call<QuestionnaireFile>(real.admin, 'GET', `/api/Admin/ExportQuestionnaire?version=${version}`), 'export'))
    .questionnaire

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)

/** Replaces a field's text as a person pasting it would (one change, not one per character). */
const retype = async (user: ReturnType<typeof userEvent.setup>, label: string, text: string) => {
  await user.clear(input(label))
  if (text !== '') await user.paste(text)
}

const publish = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Publish' }))
  await user.click(await screen.findByRole('button', { name: 'Confirm' }))
}

// each test starts its own server and publishes through it: generous on a busy machine
describe('the questionnaire editor', { timeout: 60_000 }, () => {
  it('renames a question in both languages, adds an option and raises a weight, checks and publishes the new version', async () => {
    const { real, user } = await open()
    const before = (await draftOn(real)).draft
    const first = before.questions[0]!
    const choiceIndex = before.questions.findIndex((q, i) => i > 0 && q.kind === 'choice' && q.mentee !== null && !q.retired)
    const choice = before.questions[choiceIndex]!
    const newId = Math.max(...before.questions.flatMap((q) => q.options.map((o) => o.id))) + 1

    await retype(user, "Mentee's question (English)", 'Languages at work?')
    await retype(user, "Mentee's question (German)", 'Sprachen bei der Arbeit?')
    await retype(user, 'Weight', String(first.weight + 5))
    await user.selectOptions(screen.getByLabelText('Question to edit'), String(choice.questionPairId))
    expect(screen.getByRole('group', { name: `Question ${choice.questionPairId}` })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    await retype(user, `Option ${newId} (English)`, 'Robotics')
    await retype(user, `Option ${newId} (German)`, 'Robotik')
    expect(screen.getByText('You have changes that are not saved yet.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('The draft was saved.')).toBeTruthy()
    expect((await draftOn(real)).revision).toBe(1)

    await user.click(screen.getByRole('button', { name: 'Check' }))
    const heading = await screen.findByRole('heading', { name: 'The check found no problems.' })
    await waitFor(() => expect(document.activeElement).toBe(heading))

    await publish(user)
    expect(await screen.findByText('Version 2 was published.')).toBeTruthy()
    const versions = within(screen.getByRole('table', { name: 'Published versions' }))
    await versions.findByRole('cell', { name: '2' })
    // The seed's version 1 was published by nobody: the installation.
    expect(versions.getByRole('cell', { name: 'Installation (seed)' })).toBeTruthy()
    expect(await versionsOn(real)).toEqual([1, 2])
    // Each version's date, an ISO instant on the wire, shows as its UTC minute.
    const summaries = await real.expectOk(
      real.call<QuestionnaireVersionSummary[]>(real.admin, 'GET', '/api/Admin/GetQuestionnaireVersions'),
      'dates',
    )
    for (const { publishedAt } of summaries) {
      expect(publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(versions.getAllByRole('cell', { name: `${publishedAt.slice(0, 10)} ${publishedAt.slice(11, 16)}` })).not.toHaveLength(0)
    }
    const published = await publishedOn(real, 2)
    expect(published.questions[0]?.mentee?.text).toEqual({ en: 'Languages at work?', de: 'Sprachen bei der Arbeit?' })
    expect(published.questions[0]?.weight).toBe(first.weight + 5)
    expect(published.questions[choiceIndex]?.options.at(-1)).toEqual({
      id: newId,
      text: { en: 'Robotics', de: 'Robotik' },
      noPreference: false,
      noSuchBackground: false,
      retired: false,
    })
    expect(await publishedOn(real, 1)).toEqual(before)
  })

  it('refuses a save after another administrator saved meanwhile, says so and keeps what was typed', async () => {
    const { real, user } = await open()
    const before = (await draftOn(real)).draft
    await retype(user, "Mentee's question (English)", 'Mine')
    // another administrator saves first
    const theirs = { ...before, threshold: 40 }
    await real.expectOk(real.call(real.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', { revision: 0, draft: theirs }), 'their save')

    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText(/Another administrator saved the draft meanwhile/)).toBeTruthy()
    // and where the draft now differs from what this administrator sent
    expect(screen.getByText(/differs from yours: Question 1 · mentee text \(English\); Matching threshold\./)).toBeTruthy()
    expect(input("Mentee's question (English)").value).toBe('Mine')
    expect(screen.getByText('You have changes that are not saved yet.')).toBeTruthy()
    expect((await draftOn(real)).draft).toEqual(theirs)
  })

  it('reads the draft fresh on every visit: a save after leaving and coming back is no conflict', async () => {
    const { real, user } = await open()
    await retype(user, "Mentee's question (English)", 'First visit')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('The draft was saved.')).toBeTruthy()

    await user.click(screen.getByRole('link', { name: 'Audit trail' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Questionnaire' })).toBeNull())
    await user.click(screen.getByRole('link', { name: 'Questionnaire' }))
    await screen.findByRole('heading', { name: 'Questionnaire' }, { timeout: 30_000 })
    expect(input("Mentee's question (English)").value).toBe('First visit')

    await retype(user, "Mentee's question (English)", 'Second visit')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(screen.getAllByText('The draft was saved.')).not.toHaveLength(0))
    expect(screen.queryByText(/Another administrator saved the draft meanwhile/)).toBeNull()
    const saved = await draftOn(real)
    expect(saved.revision).toBe(2)
    expect(saved.draft.questions[0]?.mentee?.text.en).toBe('Second visit')
  })

  it('asks before leaving with unsaved changes: stay keeps them, leave goes', async () => {
    const { real, user } = await open()
    await retype(user, "Mentee's question (English)", 'Not saved')
    await user.click(screen.getByRole('link', { name: 'Audit trail' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(input("Mentee's question (English)").value).toBe('Not saved')

    await user.click(screen.getByRole('link', { name: 'Audit trail' }))
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(again).getByRole('button', { name: 'Leave without saving' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Questionnaire' })).toBeNull())
    expect((await draftOn(real)).revision).toBe(0)
  })

  it('asks before a file replaces the draft; replacing it clears the findings of the check before', async () => {
    const { real, user } = await open()
    const file = await real.expectOk(real.call<unknown>(real.admin, 'GET', '/api/Admin/ExportQuestionnaire?version=1'), 'export')
    await retype(user, "Mentee's question (German)", '')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await screen.findByRole('heading', { name: 'The check found 1 problem' })
    const upload = async () =>
      await user.upload(
        input('Questionnaire file to import'),
        new File([JSON.stringify(file)], 'version-1.json', { type: 'application/json' }),
      )

    await upload()
    const ask = await screen.findByRole('alertdialog', { name: 'Replace the draft with the file?' })
    expect(within(ask).getByText(/The file “version-1\.json” replaces the whole draft\./)).toBeTruthy()
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect((await draftOn(real)).draft.questions[0]?.mentee?.text.de).toBe('')
    expect(screen.getByRole('heading', { name: 'The check found 1 problem' })).toBeTruthy()

    await upload()
    const again = await screen.findByRole('alertdialog', { name: 'Replace the draft with the file?' })
    await user.click(within(again).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('The file was imported as the draft.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: /The check found/ })).toBeNull()
    expect((await draftOn(real)).draft).toEqual(await publishedOn(real, 1))
    expect(input("Mentee's question (German)").value).not.toBe('')
  })

  it('lists a finding of the check by its field, opens its question, focuses the field and refuses to publish', async () => {
    const { real, user } = await open()
    const before = (await draftOn(real)).draft
    await retype(user, "Mentee's question (German)", '')
    const other = before.questions[1]!
    await user.selectOptions(screen.getByLabelText('Question to edit'), String(other.questionPairId))
    expect(screen.queryByRole('group', { name: `Question ${before.questions[0]!.questionPairId}` })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Check' }))
    const heading = await screen.findByRole('heading', { name: 'The check found 1 problem' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    await user.click(screen.getByRole('button', { name: 'Question 1 · mentee text (German): This information is required.' }))
    expect(screen.getByRole('group', { name: `Question ${before.questions[0]!.questionPairId}` })).toBeTruthy()
    expect(document.activeElement).toBe(input("Mentee's question (German)"))
    expect((await draftOn(real)).draft.questions[0]?.mentee?.text.de).toBe('')

    await publish(user)
    await screen.findByRole('heading', { name: 'The check found 1 problem' })
    expect(await versionsOn(real)).toEqual([1])
  })

  it('adds a question pair with flagged options and a profile question; the check names what is missing until all is filled', async () => {
    const { real, user } = await open()
    const before = (await draftOn(real)).draft
    const index = before.questions.length
    const pairId = Math.max(...before.questions.map((q) => q.questionPairId)) + 1
    const optionId = Math.max(...before.questions.flatMap((q) => q.options.map((o) => o.id))) + 1
    const profileId = Math.max(0, ...before.profileQuestions.map((p) => p.userQuestionOriginalId)) + 1

    await user.click(screen.getByRole('button', { name: 'Add question pair' }))
    expect(screen.getByRole('group', { name: `Question ${pairId}` })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await screen.findByRole('heading', { name: /^The check found \d+ problems$/ })
    for (const field of ['mentee text (English)', 'mentee text (German)', 'mentor text (English)', 'mentor text (German)', 'options'])
      expect(screen.getByRole('button', { name: `Question ${pairId} · ${field}: This information is required.` })).toBeTruthy()
    expect(await versionsOn(real)).toEqual([1])

    await retype(user, "Mentee's question (English)", 'Where would you like to meet?')
    await retype(user, "Mentee's question (German)", 'Wo möchten Sie sich treffen?')
    await retype(user, "Mentor's question (English)", 'Where can you meet?')
    await retype(user, "Mentor's question (German)", 'Wo können Sie sich treffen?')
    await user.selectOptions(screen.getByLabelText('Rule kind'), 'MultipleFit')
    await retype(user, 'Weight', '10')
    await user.click(screen.getByRole('checkbox', { name: 'Must fit' }))
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    await retype(user, `Option ${optionId} (English)`, 'Online')
    await retype(user, `Option ${optionId} (German)`, 'Online')
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    await retype(user, `Option ${optionId + 1} (English)`, 'Anywhere')
    await retype(user, `Option ${optionId + 1} (German)`, 'Überall')
    await user.click(screen.getByRole('checkbox', { name: `Option ${optionId + 1}: no preference` }))
    await user.click(screen.getByRole('checkbox', { name: `Option ${optionId + 1}: no such background` }))
    await retype(user, 'Maximum options (mentee)', '2')
    await user.click(screen.getByRole('button', { name: 'Add profile question' }))
    await retype(user, `Profile question ${profileId} (English)`, 'Your favourite book?')
    await retype(user, `Profile question ${profileId} (German)`, 'Ihr Lieblingsbuch?')
    await user.selectOptions(screen.getByLabelText(`Profile question ${profileId} asked of`), 'Mentor')

    // both flags on one option: refused by the check, named by its option
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await screen.findByRole('heading', { name: 'The check found 1 problem' })
    expect(
      screen.getByRole('button', {
        name: `Question ${pairId} · Option ${optionId + 1}: An option cannot be both "no preference" and "no such background".`,
      }),
    ).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: `Option ${optionId + 1}: no such background` }))
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await screen.findByRole('heading', { name: 'The check found no problems.' })

    await publish(user)
    expect(await screen.findByText('Version 2 was published.')).toBeTruthy()
    await within(screen.getByRole('table', { name: 'Published versions' })).findByRole('cell', { name: '2' })
    const published = await publishedOn(real, 2)
    expect(published.questions.slice(0, index)).toEqual(before.questions)
    expect(published.questions[index]).toMatchObject({
      questionPairId: pairId,
      rule: 'MultipleFit',
      kind: 'choice',
      weight: 10,
      mustFit: true,
      mentee: { text: { en: 'Where would you like to meet?', de: 'Wo möchten Sie sich treffen?' }, maxOption: 2 },
      mentor: { text: { en: 'Where can you meet?', de: 'Wo können Sie sich treffen?' }, maxOption: 1 },
      options: [
        { id: optionId, text: { en: 'Online', de: 'Online' }, noPreference: false, noSuchBackground: false, retired: false },
        { id: optionId + 1, text: { en: 'Anywhere', de: 'Überall' }, noPreference: true, noSuchBackground: false, retired: false },
      ],
      retired: false,
    })
    expect(published.profileQuestions.at(-1)).toEqual({
      userQuestionOriginalId: profileId,
      text: { en: 'Your favourite book?', de: 'Ihr Lieblingsbuch?' },
      side: 'Mentor',
      retired: false,
    })
  })

  it('names the rule kinds and explains rule, weight, must-fit and topic in one line each', async () => {
    const { real, user } = await open()
    const first = (await draftOn(real)).draft.questions[0]!
    expect(first.rule).toBe('MultipleFit')
    const rule = screen.getByLabelText<HTMLSelectElement>('Rule kind')
    expect(rule.selectedOptions[0]?.textContent).toBe('One answer in common (MultipleFit)')
    expect(Array.from(rule.options, (o) => o.textContent)).toEqual([
      'Same answer (SingleFit)',
      'Mentor years ahead (YearsFit)',
      'One answer in common (MultipleFit)',
      'Each answer in common (MultipleMatchesFit)',
      'Mentors only (MentorOnly)',
    ])
    expect(screen.getByText('Scores the weight when the two share at least one option, or either chose “no preference”.')).toBeTruthy()
    await user.selectOptions(rule, 'SingleFit')
    expect(screen.getByText('Scores the weight when both chose the same option, or either chose “no preference”.')).toBeTruthy()
    expect(screen.getByText('How much the question counts in the score, from 0 to 100; 0 leaves it out of the score.')).toBeTruthy()
    expect(screen.getByText('A mentor whose answer does not fit is never proposed, however high the rest of the score.')).toBeTruthy()
    expect(input('Topic').value).toBe(first.topic)
    expect(screen.getByText('Questions with the same topic are shown together.')).toBeTruthy()
    const picker = screen.getByLabelText<HTMLSelectElement>('Question to edit')
    expect(picker.selectedOptions[0]?.textContent).toBe(`${first.questionPairId}: ${first.mentee?.text.en}`)
  })

  it('speaks German', async () => {
    const { real } = await open('de')
    const first = (await draftOn(real)).draft.questions[0]!
    // the question picker lists the German texts
    const picker = screen.getByLabelText<HTMLSelectElement>('Zu bearbeitende Frage')
    expect(picker.selectedOptions[0]?.textContent).toBe(`${first.questionPairId}: ${first.mentee?.text.de}`)
    expect(first.mentee?.text.de).not.toBe(first.mentee?.text.en)
    expect(screen.getByLabelText<HTMLSelectElement>('Regelart').selectedOptions[0]?.textContent).toBe(
      'Eine gemeinsame Antwort (MultipleFit)',
    )
    expect(screen.getByText('Wie stark die Frage in die Punktzahl eingeht, von 0 bis 100; bei 0 zählt sie nicht.')).toBeTruthy()
    expect(screen.getByText('Fragen mit demselben Thema werden zusammen gezeigt.')).toBeTruthy()
    expect(input('Thema').value).toBe(first.topic)
    expect(screen.getByRole('button', { name: 'Entwurf speichern' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Veröffentlichen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Fragenpaar hinzufügen' })).toBeTruthy()
    expect(input('Frage an Mentor*innen (Deutsch)')).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Veröffentlichte Versionen' })).toBeTruthy()
  })
})
