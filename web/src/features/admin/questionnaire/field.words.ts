// A check's field path in the words of the editor (docs/admin.md "Questionnaire versions"):
// `questions.14.mentee.text.en` reads "Question 15 · mentee text (English)", with the question's,
// option's and profile question's ids as the page shows them. Paths of a draft sent (`draft.`) or of
// a file imported (`file.`, `file.questionnaire.`) read the same; the ids come from the
// questionnaire the path points into. A part the editor has no words for is kept as it is.
import type { TFunction } from 'i18next'

/** The ids a path's positions stand for: the draft's, or an imported file's. */
export type FieldOwner = {
  readonly questions: readonly { readonly questionPairId: number; readonly options: readonly { readonly id: number }[] }[]
  readonly profileQuestions: readonly { readonly userQuestionOriginalId: number }[]
}

const PREFIXES = ['draft', 'file', 'questionnaire']
const LANGUAGES = new Set(['en', 'de'])
const SIDES = new Set(['mentee', 'mentor'])
/** The leaves with a name of their own in `admin.questionnaire.fieldNames`. */
const NAMED = new Set([
  'threshold',
  'questions',
  'profileQuestions',
  'weight',
  'mustFit',
  'rule',
  'kind',
  'topic',
  'minYearsAhead',
  'retired',
  'questionPairId',
  'options',
  'noPreference',
  'noSuchBackground',
  'id',
  'side',
  'userQuestionOriginalId',
])

const isIndex = (part: string | undefined): part is string => part !== undefined && /^\d+$/.test(part)

/** The rest of a path in words: a text with its language, a side's field, or a named leaf. */
const leafWords = (parts: readonly string[], t: TFunction): string[] => {
  const [head, ...rest] = parts
  if (head === undefined) return []
  if (head === 'text') {
    const language = rest[0]
    return [
      language !== undefined && LANGUAGES.has(language)
        ? t(`admin.questionnaire.fieldNames.textIn.${language}`)
        : t('admin.questionnaire.fieldNames.text'),
    ]
  }
  if (SIDES.has(head)) {
    const [leaf, language] = rest
    if (leaf === 'text')
      return [
        language !== undefined && LANGUAGES.has(language)
          ? t(`admin.questionnaire.fieldNames.sideTextIn.${head}.${language}`)
          : t(`admin.questionnaire.fieldNames.sideText.${head}`),
      ]
    if (leaf === 'maxOption' || leaf === 'questionId') return [t(`admin.questionnaire.fieldNames.${leaf}.${head}`)]
    return [t(`admin.questionnaire.fieldNames.side.${head}`), ...rest]
  }
  if (NAMED.has(head)) return [t(`admin.questionnaire.fieldNames.${head}`), ...leafWords(rest, t)]
  return [parts.join('.')]
}

export const fieldWords = (field: string, owner: FieldOwner, t: TFunction): string => {
  const parts = field.split('.').filter((p) => p !== '' && p !== '$')
  while (parts[0] !== undefined && PREFIXES.includes(parts[0])) parts.shift()
  const [head, at, ...rest] = parts
  const words: string[] = []
  if (head === 'questions' && isIndex(at)) {
    const index = Number(at)
    const question = owner.questions[index]
    words.push(
      question === undefined
        ? t('admin.questionnaire.fieldNames.questionAt', { position: index + 1 })
        : t('admin.questionnaire.fieldNames.question', { id: question.questionPairId }),
    )
    const [next, optionAt, ...optionRest] = rest
    if (next === 'options' && isIndex(optionAt)) {
      const option = question?.options[Number(optionAt)]
      words.push(
        option === undefined
          ? t('admin.questionnaire.fieldNames.optionAt', { position: Number(optionAt) + 1 })
          : t('admin.questionnaire.fieldNames.option', { id: option.id }),
        ...leafWords(optionRest, t),
      )
    } else words.push(...leafWords(rest, t))
  } else if (head === 'profileQuestions' && isIndex(at)) {
    const index = Number(at)
    const profile = owner.profileQuestions[index]
    words.push(
      profile === undefined
        ? t('admin.questionnaire.fieldNames.profileQuestionAt', { position: index + 1 })
        : t('admin.questionnaire.fieldNames.profileQuestion', { id: profile.userQuestionOriginalId }),
      ...leafWords(rest, t),
    )
  } else if (head === undefined) words.push(t('admin.questionnaire.fieldNames.whole'))
  else words.push(...leafWords(parts, t))
  return words.join(' · ')
}
