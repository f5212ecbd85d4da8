// One questionnaire question as a labelled control: radio buttons for one option, check boxes for
// several (with the 'choose up to n' hint), a year input, or a 200-character text.
import { Caption1, Checkbox, Field, Input, Radio, RadioGroup, Text, Textarea } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { QUESTIONNAIRE_TEXT_MAX, type FieldError, type QuestionnaireQuestion } from '@tandem/core'
import { toggleOption, type DraftAnswer } from './questionnaire.model.js'
import { messageOf } from '../../shared/field.js'

export { messageOf }

export const QuestionField = ({
  question,
  draft,
  error,
  required,
  onChange,
}: {
  readonly question: QuestionnaireQuestion
  readonly draft: DraftAnswer
  readonly error: FieldError | undefined
  readonly required: boolean
  readonly onChange: (draft: DraftAnswer) => void
}) => {
  const { t } = useTranslation()
  const validationMessage = messageOf(t, error)
  const common = { label: question.questionText, required, ...(validationMessage === undefined ? {} : { validationMessage }) }
  if (question.answerKind === 'year') {
    return (
      <Field {...common} hint={t('questionnaire.yearHint')}>
        <Input inputMode="numeric" maxLength={4} value={draft.typed} onChange={(_, d) => onChange({ ...draft, typed: d.value })} />
      </Field>
    )
  }
  if (question.answerKind === 'text') {
    return (
      <Field {...common} hint={t('common.charactersLeft', { count: QUESTIONNAIRE_TEXT_MAX - [...draft.typed].length })}>
        <Textarea value={draft.typed} onChange={(_, d) => onChange({ ...draft, typed: d.value })} resize="vertical" />
      </Field>
    )
  }
  if (question.maxOption === 1) {
    return (
      <Field {...common} hint={t('questionnaire.chooseOne')}>
        <RadioGroup
          value={draft.optionIds[0] === undefined ? '' : String(draft.optionIds[0])}
          onChange={(_, d) => onChange(toggleOption(question, draft, Number(d.value), true))}
        >
          {question.possibleAnswers.map((o) => (
            <Radio key={o.originalPossibleAnswerId} value={String(o.originalPossibleAnswerId)} label={o.optionText} />
          ))}
        </RadioGroup>
      </Field>
    )
  }
  // several check boxes: a fieldset names the group (Field wraps one control only)
  const hintId = `q-${question.questionPairId}-hint`
  const errorId = `q-${question.questionPairId}-error`
  return (
    <fieldset className="tandem-fieldset" aria-describedby={validationMessage === undefined ? hintId : `${hintId} ${errorId}`}>
      <legend>
        {question.questionText}
        {required ? ' *' : ''}
      </legend>
      {question.possibleAnswers.map((o) => (
        <Checkbox
          key={o.originalPossibleAnswerId}
          label={o.optionText}
          checked={draft.optionIds.includes(o.originalPossibleAnswerId)}
          onChange={(_, d) => onChange(toggleOption(question, draft, o.originalPossibleAnswerId, d.checked === true))}
        />
      ))}
      <Caption1 id={hintId} block>
        {t('questionnaire.chooseUpTo', { count: question.maxOption })}
      </Caption1>
      {validationMessage !== undefined && (
        <Text id={errorId} role="alert" className="tandem-error">
          {validationMessage}
        </Text>
      )}
    </fieldset>
  )
}
