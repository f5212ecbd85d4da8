// The questionnaire editor's impact preview against the real API (docs/admin.md "Impact preview"):
// "Preview impact" saves the draft, a progress bar follows the computation, then a table shows the
// figures now and with the draft and the question that moved the first proposals most; in English
// and in German. "Cancel" beside the progress bar cancels it on the server: the page says so and
// offers to run it again. A draft that could not be published lists the check's findings instead.
import type { QuestionnairePreviewView } from '@tandem/core'
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { startRealApi, type RealApi } from './utils/realApi.js'
import { draftOn, openQuestionnaireEditor } from './utils/questionnaire-editor.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const open = async (language: 'en' | 'de') => {
  const real = await startRealApi()
  api = real
  await real.seedCohort(30, 20)
  return await openQuestionnaireEditor(real, language)
}

const TEXTS = {
  en: {
    questionToEdit: 'Question to edit',
    weight: 'Weight',
    start: 'Preview impact',
    progress: 'Computing the preview: 40 %',
    table: 'Impact preview',
    now: 'Now',
    draft: 'With the draft',
    matched: 'Mentees matched in the optimal cohort',
    moved: 'Questions that moved the first proposals most',
    changed: /mentees? would get a different first proposal/,
    cancel: 'Cancel',
    cancelled: 'The preview was cancelled.',
    again: 'Run the preview again',
  },
  de: {
    questionToEdit: 'Zu bearbeitende Frage',
    weight: 'Gewichtung',
    start: 'Auswirkungen anzeigen',
    progress: 'Die Vorschau wird berechnet: 40 %',
    table: 'Vorschau der Auswirkungen',
    now: 'Jetzt',
    draft: 'Mit dem Entwurf',
    matched: 'Gematchte Mentees in der optimalen Kohorte',
    moved: 'Fragen, die die ersten Vorschläge am stärksten verändert haben',
    changed: /Mentees? würden? einen anderen ersten Vorschlag erhalten/,
    cancel: 'Abbrechen',
    cancelled: 'Die Vorschau wurde abgebrochen.',
    again: 'Vorschau erneut berechnen',
  },
} as const

describe('the impact preview on the questionnaire editor', { timeout: 60_000 }, () => {
  for (const language of ['en', 'de'] as const) {
    it(`saves the raised weight, shows the progress, then the figures now and with the draft (${language})`, async () => {
      const text = TEXTS[language]
      const { real, user } = await open(language)
      // A scored question's weight, raised a lot: first proposals move, and it is the one named.
      const first = (await draftOn(real)).draft.questions.find((q) => q.rule !== 'MentorOnly' && !q.mustFit && !q.retired)!
      await user.selectOptions(screen.getByLabelText(text.questionToEdit), String(first.questionPairId))
      const weight = screen.getByLabelText(text.weight)
      await user.clear(weight)
      await user.paste('100')

      const held = real.faults.holdNextPreview(0.4)
      await user.click(screen.getByRole('button', { name: text.start }))
      expect(await screen.findByText(text.progress)).toBeTruthy()
      // (the busy spinner is a progress bar too)
      expect(screen.getAllByRole('progressbar').map((b) => b.getAttribute('aria-valuetext'))).toContain('40 %')
      // The preview is of the saved draft: the change was saved first.
      expect((await draftOn(real)).draft.questions.find((q) => q.questionPairId === first.questionPairId)!.weight).toBe(100)

      held.release()
      const table = await screen.findByRole('table', { name: text.table }, { timeout: 30_000 })
      expect(screen.queryByText(text.progress)).toBeNull()
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
      expect(headers.slice(1)).toEqual([text.now, text.draft])
      const matchedRow = within(table).getByText(text.matched).closest('tr')!
      const cells = within(matchedRow as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent)
      expect(Number(cells[1])).toBeGreaterThan(0)
      expect(Number(/\d+/.exec(screen.getByText(text.changed).textContent ?? '')?.[0])).toBeGreaterThan(0)
      const moved = screen.getByRole('heading', { name: text.moved })
      const list = moved.nextElementSibling as HTMLElement
      expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain(`${first.questionPairId}: ${first.mentee!.text[language]}`)
      // Keyboard: the figures' heading took the focus when they arrived.
      expect(document.activeElement?.textContent).toBe(text.table)
    })
  }

  for (const language of ['en', 'de'] as const) {
    it(`cancels a running preview with the button beside the progress bar, then runs it again (${language})`, async () => {
      const text = TEXTS[language]
      const { real, user } = await open(language)
      const held = real.faults.holdNextPreview(0.4)
      await user.click(screen.getByRole('button', { name: text.start }))
      expect(await screen.findByText(text.progress)).toBeTruthy()
      await user.click(screen.getByRole('button', { name: text.cancel }))
      expect(await screen.findByText(text.cancelled)).toBeTruthy()
      expect(screen.queryByText(text.progress)).toBeNull()
      expect(screen.queryByRole('button', { name: text.cancel })).toBeNull()
      // The server holds it as cancelled; its worker, let go now, writes no figures.
      const previewId = real.requests.find((r) => r.path === '/api/Admin/CancelQuestionnairePreview')?.query['previewId']
      const stored = async () =>
        (await real.call<QuestionnairePreviewView>(real.admin, 'GET', `/api/Admin/GetQuestionnairePreview?previewId=${previewId}`)).body
          .value
      expect((await stored()).state).toBe('Cancelled')
      held.release()
      await user.click(screen.getByRole('button', { name: text.again }))
      expect(await screen.findByRole('table', { name: text.table }, { timeout: 30_000 })).toBeTruthy()
      expect(screen.queryByText(text.cancelled)).toBeNull()
      expect([(await stored()).state, (await stored()).result]).toEqual(['Cancelled', null])
    })
  }

  it("lists the check's findings instead when the draft could not be published", async () => {
    const { real, user } = await open('en')
    const first = (await draftOn(real)).draft.questions[0]!
    const weight = screen.getAllByRole('spinbutton').find((e) => (e as HTMLInputElement).value === String(first.weight))!
    await user.clear(weight)
    await user.paste('-3')
    await user.click(screen.getByRole('button', { name: 'Preview impact' }))
    expect(await screen.findByRole('heading', { name: /The check found 1 problem/ })).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Impact preview' })).toBeNull()
  })
})
