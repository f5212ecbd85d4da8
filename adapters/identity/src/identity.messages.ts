// Every text of the identity pages, the password-reset and the address-confirmation mail, in English and German. Field errors
// are message keys so tests and pages agree on the rule that failed.
import type { Language } from '@tandem/core'

export type IdentityMessageKey =
  | 'required'
  | 'email-invalid'
  | 'email-taken'
  | 'name-too-long'
  | 'birthdate-invalid'
  | 'gender-invalid'
  | 'password-too-weak'
  | 'password-too-long'
  | 'passwords-differ'
  | 'terms-required'
  | 'privacy-required'
  | 'credentials-wrong'
  | 'rate-limited'
  | 'csrf-invalid'
  | 'reset-link-invalid'
  | 'verify-link-invalid'

export type IdentityFieldError = { readonly field: string; readonly key: IdentityMessageKey }

const en = {
  required: 'This field is required.',
  'email-invalid': 'Enter a valid e-mail address, for example name@example.org.',
  'email-taken': 'This e-mail address cannot be used for a new account. Sign in or reset your password instead.',
  'name-too-long': 'At most 100 characters.',
  'birthdate-invalid': 'Enter a real date of birth in the past (yyyy-mm-dd).',
  'gender-invalid': 'Choose one of the options.',
  'password-too-weak': 'The password needs at least 10 characters with letters and digits, or at least 16 characters.',
  'password-too-long': 'The password may have at most 200 characters.',
  'passwords-differ': 'The two passwords differ.',
  'terms-required': 'Please accept the terms and conditions.',
  'privacy-required': 'Please accept the data privacy policy.',
  'credentials-wrong': 'The e-mail address or the password is not correct.',
  'rate-limited': 'Too many attempts. Please wait a few minutes and try again.',
  'csrf-invalid': 'The form has expired. Please reload the page and try again.',
  'reset-link-invalid': 'This link is invalid, has expired or was already used. Please request a new one.',
  'verify-link-invalid':
    'This confirmation link is invalid, has expired or was already used. Sign in and use "Forgot your password?" to receive a new link, which confirms the address as well.',
  'signup-confirm-hint': 'After you create the account we send you an e-mail to confirm your address. You can use Tandem right away.',
  'verify-title': 'Confirm your e-mail address',
  'verify-done-title': 'E-mail address confirmed',
  'verify-done': 'Thank you: your e-mail address is confirmed.',
  'verify-mail-subject': 'Confirm your e-mail address for Tandem',
  'verify-mail-body':
    'thank you for creating a Tandem account. Please open this link within 24 hours to confirm that this address is yours:',
  'verify-mail-ignore': 'If you did not create an account, ignore this e-mail: nothing happens without the link.',
  // Page texts
  'app-name': 'Tandem',
  'language-switch': 'Deutsch',
  'signin-title': 'Sign in',
  'signin-submit': 'Sign in',
  'signin-no-account': 'No account yet?',
  'signin-to-signup': 'Create an account',
  'signin-forgot': 'Forgot your password?',
  'signup-title': 'Create your account',
  'signup-submit': 'Create account',
  'signup-have-account': 'Already registered?',
  'signup-to-signin': 'Sign in',
  'field-email': 'E-mail address',
  'field-password': 'Password',
  'field-password-new': 'New password',
  'field-password-repeat': 'Repeat the password',
  'field-given-name': 'First name',
  'field-family-name': 'Last name',
  'field-birthdate': 'Date of birth',
  'field-gender': 'Gender',
  'gender-Female': 'Female',
  'gender-Male': 'Male',
  'gender-Non-binary': 'Non-binary',
  'gender-NA': 'Prefer not to say',
  'password-hint': 'At least 10 characters with letters and digits, or at least 16 characters.',
  'terms-label-before': 'I accept the ',
  'terms-link': 'terms and conditions',
  'terms-label-after': '.',
  'privacy-label-before': 'I have read and accept the ',
  'privacy-link': 'data privacy policy',
  'privacy-label-after': '.',
  'errors-summary': 'Please correct the following:',
  'forgot-title': 'Forgot your password?',
  'forgot-intro': 'Enter the e-mail address of your account. We will send you a link to choose a new password.',
  'forgot-submit': 'Send link',
  'forgot-sent-title': 'Check your mailbox',
  'forgot-sent':
    'If an account exists for this address, we have sent it a link to choose a new password. The link is valid for one hour and works once.',
  'reset-title': 'Choose a new password',
  'reset-submit': 'Save password',
  'reset-done-title': 'Password changed',
  'reset-done': 'Your password has been changed. You can now sign in with it.',
  'back-to-app': 'Go to sign-in',
  'logout-title': 'Sign out',
  'logout-question': 'Do you want to sign out of Tandem?',
  'logout-submit': 'Sign out',
  'logout-done-title': 'Signed out',
  'logout-done': 'You are signed out.',
  'error-title': 'Something went wrong',
  'error-text': 'The request could not be completed. Please go back to the app and try again.',
  'mail-subject': 'Choose a new password for Tandem',
  'mail-greeting': 'Hello {name},',
  'mail-body':
    'someone (hopefully you) asked to reset the password of your Tandem account. Open this link within one hour to choose a new password:',
  'mail-ignore': 'If you did not ask for this, ignore this e-mail: your password stays the same.',
} as const

export type IdentityTextKey = keyof typeof en

const de: Readonly<Record<IdentityTextKey, string>> = {
  required: 'Dieses Feld ist erforderlich.',
  'email-invalid': 'Geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@example.org.',
  'email-taken': 'Mit dieser E-Mail-Adresse kann kein neues Konto angelegt werden. Melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
  'name-too-long': 'Höchstens 100 Zeichen.',
  'birthdate-invalid': 'Geben Sie ein gültiges Geburtsdatum in der Vergangenheit ein (jjjj-mm-tt).',
  'gender-invalid': 'Wählen Sie eine der Möglichkeiten.',
  'password-too-weak': 'Das Passwort braucht mindestens 10 Zeichen mit Buchstaben und Ziffern oder mindestens 16 Zeichen.',
  'password-too-long': 'Das Passwort darf höchstens 200 Zeichen haben.',
  'passwords-differ': 'Die beiden Passwörter stimmen nicht überein.',
  'terms-required': 'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.',
  'privacy-required': 'Bitte akzeptieren Sie die Datenschutzerklärung.',
  'credentials-wrong': 'Die E-Mail-Adresse oder das Passwort ist nicht korrekt.',
  'rate-limited': 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  'csrf-invalid': 'Das Formular ist abgelaufen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  'reset-link-invalid': 'Dieser Link ist ungültig, abgelaufen oder wurde bereits benutzt. Bitte fordern Sie einen neuen an.',
  'verify-link-invalid':
    'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits benutzt. Nutzen Sie bei der Anmeldung „Passwort vergessen?“, um einen neuen Link zu erhalten, der die Adresse ebenfalls bestätigt.',
  'signup-confirm-hint':
    'Nach dem Erstellen des Kontos senden wir Ihnen eine E-Mail, um Ihre Adresse zu bestätigen. Sie können Tandem sofort nutzen.',
  'verify-title': 'E-Mail-Adresse bestätigen',
  'verify-done-title': 'E-Mail-Adresse bestätigt',
  'verify-done': 'Vielen Dank: Ihre E-Mail-Adresse ist bestätigt.',
  'verify-mail-subject': 'Bestätigen Sie Ihre E-Mail-Adresse für Tandem',
  'verify-mail-body':
    'vielen Dank für Ihre Anmeldung bei Tandem. Bitte öffnen Sie diesen Link innerhalb von 24 Stunden, um zu bestätigen, dass diese Adresse Ihnen gehört:',
  'verify-mail-ignore': 'Falls Sie kein Konto erstellt haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.',
  'app-name': 'Tandem',
  'language-switch': 'English',
  'signin-title': 'Anmelden',
  'signin-submit': 'Anmelden',
  'signin-no-account': 'Noch kein Konto?',
  'signin-to-signup': 'Konto erstellen',
  'signin-forgot': 'Passwort vergessen?',
  'signup-title': 'Konto erstellen',
  'signup-submit': 'Konto erstellen',
  'signup-have-account': 'Bereits registriert?',
  'signup-to-signin': 'Anmelden',
  'field-email': 'E-Mail-Adresse',
  'field-password': 'Passwort',
  'field-password-new': 'Neues Passwort',
  'field-password-repeat': 'Passwort wiederholen',
  'field-given-name': 'Vorname',
  'field-family-name': 'Nachname',
  'field-birthdate': 'Geburtsdatum',
  'field-gender': 'Geschlecht',
  'gender-Female': 'Weiblich',
  'gender-Male': 'Männlich',
  'gender-Non-binary': 'Nicht-binär',
  'gender-NA': 'Keine Angabe',
  'password-hint': 'Mindestens 10 Zeichen mit Buchstaben und Ziffern oder mindestens 16 Zeichen.',
  'terms-label-before': 'Ich akzeptiere die ',
  'terms-link': 'Allgemeinen Geschäftsbedingungen',
  'terms-label-after': '.',
  'privacy-label-before': 'Ich habe die ',
  'privacy-link': 'Datenschutzerklärung',
  'privacy-label-after': ' gelesen und bin mit ihr einverstanden.',
  'errors-summary': 'Bitte korrigieren Sie Folgendes:',
  'forgot-title': 'Passwort vergessen?',
  'forgot-intro': 'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen.',
  'forgot-submit': 'Link senden',
  'forgot-sent-title': 'Sehen Sie in Ihr Postfach',
  'forgot-sent':
    'Falls es ein Konto mit dieser Adresse gibt, haben wir ihm einen Link zum Wählen eines neuen Passworts geschickt. Der Link gilt eine Stunde und funktioniert einmal.',
  'reset-title': 'Neues Passwort wählen',
  'reset-submit': 'Passwort speichern',
  'reset-done-title': 'Passwort geändert',
  'reset-done': 'Ihr Passwort wurde geändert. Sie können sich jetzt damit anmelden.',
  'back-to-app': 'Zur Anmeldung',
  'logout-title': 'Abmelden',
  'logout-question': 'Möchten Sie sich von Tandem abmelden?',
  'logout-submit': 'Abmelden',
  'logout-done-title': 'Abgemeldet',
  'logout-done': 'Sie sind abgemeldet.',
  'error-title': 'Etwas ist schiefgegangen',
  'error-text': 'Die Anfrage konnte nicht abgeschlossen werden. Bitte kehren Sie zur App zurück und versuchen Sie es erneut.',
  'mail-subject': 'Neues Passwort für Tandem wählen',
  'mail-greeting': 'Hallo {name},',
  'mail-body':
    'jemand (hoffentlich Sie) hat das Zurücksetzen des Passworts Ihres Tandem-Kontos angefordert. Öffnen Sie diesen Link innerhalb einer Stunde, um ein neues Passwort zu wählen:',
  'mail-ignore': 'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
}

/** Every page and mail text by language; exported so the German voice can be checked as data. */
export const IDENTITY_TEXTS: Readonly<Record<Language, Readonly<Record<IdentityTextKey, string>>>> = { en, de }

export const text = (language: Language, key: IdentityTextKey): string => IDENTITY_TEXTS[language][key]

/** The first supported language of a `ui_locales` value or an Accept-Language header; English otherwise. */
export const pickLanguage = (...candidates: readonly (string | undefined)[]): Language => {
  for (const candidate of candidates) {
    for (const tag of (candidate ?? '').split(/[\s,]+/)) {
      const primary = tag.split(/[-_;]/)[0]?.toLowerCase()
      if (primary === 'de' || primary === 'en') return primary
    }
  }
  return 'en'
}
