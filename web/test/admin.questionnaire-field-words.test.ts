// A check's field path in the editor's words (docs/admin.md "Questionnaire versions"), in English
// and German: the question, option and profile question by the ids the page shows, the side and
// the language of a text, the prefixes of a draft sent or a file imported.
import { describe, expect, it } from 'vitest'
import { createI18n } from '../src/i18n/i18n.js'
import { addAdminTranslations } from '../src/features/admin/admin.i18n.js'
import { fieldWords, type FieldOwner } from '../src/features/admin/questionnaire/field.words.js'

const owner: FieldOwner = {
  questions: [
    { questionPairId: 1, options: [{ id: 101 }, { id: 102 }] },
    ...Array.from({ length: 13 }, (_, i) => ({ questionPairId: i + 2, options: [] })),
    { questionPairId: 15, options: [{ id: 150 }, { id: 151 }] },
  ],
  profileQuestions: [{ userQuestionOriginalId: 4 }],
}

const wordsIn = async (language: 'en' | 'de') => {
  const i18n = await createI18n({ detect: false, language })
  addAdminTranslations(i18n)
  return (field: string) => fieldWords(field, owner, i18n.t)
}

describe('a finding named as the editor names its field', () => {
  it('in English', async () => {
    const words = await wordsIn('en')
    expect(words('questions.14.mentee.text.en')).toBe('Question 15 · mentee text (English)')
    expect(words('questions.14.mentor.text.de')).toBe('Question 15 · mentor text (German)')
    expect(words('questions.14.options.1')).toBe('Question 15 · Option 151')
    expect(words('questions.0.options.0.text.de')).toBe('Question 1 · Option 101 · text (German)')
    expect(words('questions.14.options')).toBe('Question 15 · options')
    expect(words('questions.14.weight')).toBe('Question 15 · weight')
    expect(words('questions.14.mentee.maxOption')).toBe('Question 15 · maximum options (mentee)')
    expect(words('questions.20')).toBe('Question at position 21')
    expect(words('profileQuestions.0.text.en')).toBe('Profile question 4 · text (English)')
    expect(words('threshold')).toBe('Matching threshold')
    expect(words('draft.questions.14.mustFit')).toBe('Question 15 · must fit')
    expect(words('file.questionnaire.questions.0.options.0')).toBe('Question 1 · Option 101')
    expect(words('file')).toBe('The whole questionnaire')
    expect(words('questions.14.somethingNew.x')).toBe('Question 15 · somethingNew.x')
  })

  it('in German', async () => {
    const words = await wordsIn('de')
    expect(words('questions.14.mentee.text.en')).toBe('Frage 15 · Frage an Mentees (Englisch)')
    expect(words('questions.14.mentor.text.de')).toBe('Frage 15 · Frage an Mentor*innen (Deutsch)')
    expect(words('questions.0.options.0.text.de')).toBe('Frage 1 · Option 101 · Text (Deutsch)')
    expect(words('questions.14.weight')).toBe('Frage 15 · Gewichtung')
    expect(words('profileQuestions.0.side')).toBe('Profilfrage 4 · gestellt an')
    expect(words('threshold')).toBe('Schwellenwert für das Matching')
  })
})
