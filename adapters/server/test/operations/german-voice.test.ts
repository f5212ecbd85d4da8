// One German voice: every German text addresses people with the formal "Sie" and writes roles with
// the gender star, so an informal "du" or a "Mentoren" cannot come back unnoticed.
import { describe, expect, it } from 'vitest'
import { genderStyleBreaks, informalForms, voiceBreaks } from '../support/german-voice.checker.js'
import { germanTexts } from '../support/german-voice.resources.js'

describe('the German voice checker', () => {
  it('finds the informal pronoun and imperative in "Wähle dein Land"', () => {
    expect(informalForms('Wähle dein Land')).toEqual(['Wähle', 'dein'])
  })

  it('finds informal pronouns, plural verb forms and imperatives in any case', () => {
    expect(informalForms('Das habt ihr gemeinsam.')).toEqual(['habt'])
    expect(informalForms('Bitte prüfe deine Verbindung und versuche es erneut.')).toEqual(['prüfe', 'deine', 'versuche'])
    expect(informalForms('DIR fehlen Rechte. Lade die Seite neu, dann KLICKE auf Speichern.')).toEqual(['DIR', 'Lade', 'KLICKE'])
    expect(informalForms('Hast du Fragen? Schreib uns.')).toEqual(['Hast', 'du', 'Schreib'])
  })

  it('accepts the formal address and first-person sentences', () => {
    expect(informalForms('Wählen Sie Ihr Land. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.')).toEqual([])
    expect(informalForms('Ich akzeptiere die Allgemeinen Geschäftsbedingungen. Ich lehne ab.')).toEqual([])
    expect(informalForms('Dieser Wert ist nicht gültig. Wird geladen…')).toEqual([])
    // a capitalised form inside a sentence is the noun
    expect(informalForms('Zu viele Versuche. Versuche es später.')).toEqual(['Versuche'])
  })

  it('finds role nouns outside the gender-star style and accepts the style', () => {
    expect(genderStyleBreaks('Wählen Sie Ihre Mentorin oder Ihren Mentor.')).toEqual(['Mentorin', 'Mentor'])
    expect(genderStyleBreaks('Mentorinnen und Mentoren, das Mentor-Profil, die Teilnehmer')).toEqual([
      'Mentorinnen',
      'Mentoren',
      'Mentor',
      'Teilnehmer',
    ])
    expect(genderStyleBreaks('Mentor*innen, Ihr Mentor*in-Profil, das Mentoring, das Benutzerkonto, Mentor_innen')).toEqual([])
  })
})

describe('every German text of the product', () => {
  const sources = germanTexts()

  it('is gathered from every source (a source that yields no text would pass unnoticed)', () => {
    for (const [source, texts] of Object.entries(sources)) expect({ source, count: texts.length > 0 }).toEqual({ source, count: true })
  })

  for (const [source, texts] of Object.entries(sources))
    it(`${source}: addresses people with "Sie" and writes roles with the gender star`, () => {
      expect(voiceBreaks(texts)).toEqual([])
    })
})
