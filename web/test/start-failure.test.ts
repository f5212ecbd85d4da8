import { afterEach, describe, expect, it } from 'vitest'
import { LANGUAGE_STORAGE_KEY } from '../src/i18n/i18n.js'
import { START_FAILED, showStartFailure, startFailureText } from '../src/shell/start-failure.js'
import de from '../src/i18n/de.json'
import en from '../src/i18n/en.json'

describe('the last-resort text when the app cannot start', () => {
  afterEach(() => {
    window.localStorage.clear()
    document.body.innerHTML = ''
  })

  it('says what the translations say (the German voice check reads those)', () => {
    expect(START_FAILED).toEqual({ en: en.common.startFailed, de: de.common.startFailed })
  })

  it('speaks correct English by default', () => {
    expect(startFailureText(null, ['fr-FR'])).toBe('We are sorry, an unexpected error has occurred. Please try again later.')
  })

  it('speaks formal German when the stored or the browser language is German', () => {
    const german = 'Es tut uns leid, ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.'
    expect(startFailureText('de', ['en-GB'])).toBe(german)
    expect(startFailureText(null, ['fr-FR', 'de-AT'])).toBe(german)
    expect(startFailureText('en', ['de-DE'])).not.toBe(german)
  })

  it('writes the text into the page as an alert, in the language the visitor chose before', () => {
    document.body.innerHTML = '<div id="root"></div>'
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de')
    showStartFailure()
    const root = document.getElementById('root')
    expect(root?.textContent).toContain('Bitte versuchen Sie es später erneut.')
    expect(root?.getAttribute('role')).toBe('alert')
  })
})
