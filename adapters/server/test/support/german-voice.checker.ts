// The German voice of the product as a check: people are addressed with the formal "Sie", and
// people's roles are written with the gender star (Mentor*in, Mentor*innen). Returns the offending
// words so a failing test names them.

/** Informal pronouns and second-person verb forms ("habt ihr", "bist du"). */
const INFORMAL_WORDS = [
  'du',
  'dich',
  'dir',
  'dein',
  'deine',
  'deinen',
  'deinem',
  'deiner',
  'deines',
  'euch',
  'euer',
  'eure',
  'euren',
  'eurem',
  'eurer',
  'eures',
  'bist',
  'hast',
  'kannst',
  'musst',
  'willst',
  'darfst',
  'wirst',
  'sollst',
  'möchtest',
  'habt',
  'seid',
  'könnt',
  'wollt',
  'müsst',
  'dürft',
  'sollt',
]

/**
 * Informal imperatives common in interfaces, matched in any case. Most equal the first person
 * singular ("ich wähle"), so a form right after "ich" is not counted; some equal a noun ("Versuche"),
 * so a capitalised form inside a sentence, where German capitalises nouns, is not counted either.
 */
const INFORMAL_IMPERATIVES = [
  'wähle',
  'wähl',
  'gib',
  'gebe',
  'klicke',
  'klick',
  'melde',
  'lade',
  'lad',
  'prüfe',
  'überprüfe',
  'speichere',
  'starte',
  'sieh',
  'schau',
  'schaue',
  'nimm',
  'füge',
  'trage',
  'lies',
  'beachte',
  'bestätige',
  'versuche',
  'versuch',
  'kontaktiere',
  'ändere',
  'aktualisiere',
  'öffne',
  'schließe',
  'entscheide',
  'akzeptiere',
  'lehne',
  'erstelle',
  'veröffentliche',
  'vervollständige',
  'aktiviere',
  'deaktiviere',
  'pausiere',
  'schalte',
  'registriere',
  'warte',
  'antworte',
  'verwende',
  'nutze',
  'wende',
  'erzähl',
  'erzähle',
  'schreib',
  'schreibe',
  'geh',
  'gehe',
  'komm',
  'komme',
  'lass',
  'drücke',
  'tippe',
  'fülle',
  'ergänze',
  'wiederhole',
  'hilf',
  'logge',
  'vergiss',
  'denk',
  'denke',
  'kehre',
  'fordere',
]

const INFORMAL = new Set(INFORMAL_WORDS)
const IMPERATIVE = new Set(INFORMAL_IMPERATIVES)

type Word = { readonly word: string; readonly startsSentence: boolean }

const words = (text: string): readonly Word[] =>
  [...text.matchAll(/\p{L}+/gu)].map((m) => ({ word: m[0], startsSentence: /(^|[.!?:;„“"(\n])[\s]*$/u.test(text.slice(0, m.index)) }))

const isNounLike = ({ word, startsSentence }: Word): boolean => !startsSentence && /^\p{Lu}\p{Ll}/u.test(word)

/** Every informal form in a German text, in the order they occur (empty: the text is formal). */
export const informalForms = (text: string): readonly string[] => {
  const all = words(text)
  return all
    .filter((w, i) => {
      const lower = w.word.toLowerCase()
      if (INFORMAL.has(lower)) return true
      return IMPERATIVE.has(lower) && all[i - 1]?.word.toLowerCase() !== 'ich' && !isNounLike(w)
    })
    .map((w) => w.word)
}

/**
 * Role nouns that break the gender style: the generic masculine or the pair form ("Mentoren",
 * "Mentorin oder Mentor", "Mentor-Profil") where the style writes "Mentor*innen", "Mentor*in",
 * "Mentor*in-Profil". Compounds with a role as their first part ("Benutzerkonto") are not counted.
 */
export const genderStyleBreaks = (text: string): readonly string[] =>
  text.match(
    /(?<!\p{L})(?:Mentor(?:s|en|in|innen)?|Teilnehmer(?:s|n|in|innen)?|Administrator(?:s|en|in|innen)?|(?:Be)?[Nn]utzer(?:s|n|in|innen)?)(?![\p{L}*_])/gu,
  ) ?? []

export type GermanText = { readonly source: string; readonly key: string; readonly text: string }

export type VoiceBreak = GermanText & { readonly informal: readonly string[]; readonly gender: readonly string[] }

/** The texts that break the voice, with what breaks it. */
export const voiceBreaks = (texts: readonly GermanText[]): readonly VoiceBreak[] =>
  texts
    .map((t) => ({ ...t, informal: informalForms(t.text), gender: genderStyleBreaks(t.text) }))
    .filter((b) => b.informal.length > 0 || b.gender.length > 0)
