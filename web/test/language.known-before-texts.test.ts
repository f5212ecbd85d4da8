// The interface language is known before its texts arrive, so main.tsx asks for the screen's data
// in that language together with the person's details instead of after the texts.
import { afterEach, describe, expect, it } from 'vitest'
import { languageOf, startI18n } from '../src/i18n/i18n.js'

afterEach(() => window.localStorage.clear())

describe('the interface language before its texts', () => {
  it('is the detected language as soon as the texts are asked for, and stays it once they are in', async () => {
    window.localStorage.setItem('i18nextLng', 'de')
    const { instance, ready } = startI18n({ detect: true })
    expect(languageOf(instance)).toBe('de')
    expect(instance.hasResourceBundle('de', 'translation')).toBe(false)
    const i18n = await ready
    expect(languageOf(i18n)).toBe('de')
    expect(i18n.t('common.save')).toBe('Speichern')
  })

  it('is English at once for a language the product does not speak', async () => {
    window.localStorage.setItem('i18nextLng', 'fr')
    const { instance, ready } = startI18n({ detect: true })
    expect(languageOf(instance)).toBe('en')
    expect(languageOf(await ready)).toBe('en')
  })
})
