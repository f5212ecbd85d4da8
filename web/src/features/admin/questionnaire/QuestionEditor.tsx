// One question pair in the questionnaire editor (docs/admin.md "Questionnaire versions"): both
// sides' wording in English and German, the rule, weight, must-fit, limits and the options with
// their flags. Memoised: it re-renders only when its own question changes.
import { memo, useCallback, type Dispatch } from 'react'
import { Button, Card, Checkbox, Field, Input, Select } from '@fluentui/react-components'
import { RULE_NAMES, type DraftOption, type DraftQuestion, type RuleName } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import type { EditorAction } from './editor.state.js'

/** The id of the input editing `field` (the check's field path), so a finding can focus it. */
export const fieldId = (field: string): string => `qe-${field.replace(/[^a-zA-Z0-9]+/g, '-')}`

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

const LANGUAGES = ['en', 'de'] as const

type TextProps = {
  readonly field: string
  readonly label: string
  readonly hint?: string
  readonly value: string
  readonly onChange: (value: string) => void
}
export const TextField = ({ field, label, hint, value, onChange }: TextProps) => (
  <Field label={label} hint={hint ?? null}>
    <Input id={fieldId(field)} value={value} onChange={(_, d) => onChange(d.value)} />
  </Field>
)

type NumberProps = {
  readonly field: string
  readonly label: string
  readonly hint?: string
  readonly value: number
  readonly onChange: (value: number) => void
}
export const NumberField = ({ field, label, hint, value, onChange }: NumberProps) => (
  <Field label={label} hint={hint ?? null}>
    <Input
      id={fieldId(field)}
      type="number"
      value={Number.isNaN(value) ? '' : String(value)}
      onChange={(_, d) => onChange(numberOf(d.value))}
    />
  </Field>
)

type OptionRowProps = {
  readonly option: DraftOption
  readonly index: number
  readonly questionIndex: number
  readonly questionPairId: number
  readonly dispatch: Dispatch<EditorAction>
}

const OptionRow = memo(({ option, index, questionIndex, questionPairId, dispatch }: OptionRowProps) => {
  const { t } = useTranslation()
  const at = `questions.${questionIndex}.options.${index}`
  const change = (next: (o: DraftOption) => DraftOption) =>
    dispatch({
      type: 'question',
      questionPairId,
      change: (q) => ({ ...q, options: q.options.map((o) => (o.id === option.id ? next(o) : o)) }),
    })
  const flag = (name: 'noPreference' | 'noSuchBackground' | 'retired', label: string) => (
    <Checkbox label={label} checked={option[name]} onChange={(_, d) => change((o) => ({ ...o, [name]: d.checked === true }))} />
  )
  return (
    <div id={fieldId(at)} tabIndex={-1} style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
      {LANGUAGES.map((l) => (
        <TextField
          key={l}
          field={`${at}.text.${l}`}
          label={t(`admin.questionnaire.optionText.${l}`, { id: option.id })}
          value={option.text[l]}
          onChange={(v) => change((o) => ({ ...o, text: { ...o.text, [l]: v } }))}
        />
      ))}
      {flag('noPreference', t('admin.questionnaire.noPreference', { id: option.id }))}
      {flag('noSuchBackground', t('admin.questionnaire.noSuchBackground', { id: option.id }))}
      {flag('retired', t('admin.questionnaire.optionRetired', { id: option.id }))}
      <Button
        disabled={index === 0}
        aria-label={t('admin.questionnaire.moveUp', { id: option.id })}
        onClick={() =>
          dispatch({
            type: 'question',
            questionPairId,
            change: (q) => {
              const options = [...q.options]
              const k = options.findIndex((o) => o.id === option.id)
              const [moved] = options.splice(k, 1)
              if (moved !== undefined && k > 0) options.splice(k - 1, 0, moved)
              return { ...q, options }
            },
          })
        }
      >
        ↑
      </Button>
    </div>
  )
})
OptionRow.displayName = 'OptionRow'

type QuestionEditorProps = { readonly question: DraftQuestion; readonly index: number; readonly dispatch: Dispatch<EditorAction> }

export const QuestionEditor = memo(({ question: q, index: i, dispatch }: QuestionEditorProps) => {
  const { t } = useTranslation()
  const id = q.questionPairId
  const change = useCallback(
    (next: (q: DraftQuestion) => DraftQuestion) => dispatch({ type: 'question', questionPairId: id, change: next }),
    [dispatch, id],
  )
  const title = `${t('admin.questionnaire.question')} ${id}${q.retired ? ` (${t('admin.questionnaire.retired')})` : ''}`
  return (
    <Card id={fieldId(`questions.${i}`)} tabIndex={-1} role="group" aria-label={title}>
      <h4>{title}</h4>
      {q.mentee !== null
        ? LANGUAGES.map((l) => (
            <TextField
              key={`mentee-${l}`}
              field={`questions.${i}.mentee.text.${l}`}
              label={t(`admin.questionnaire.menteeText.${l}`)}
              value={q.mentee?.text[l] ?? ''}
              onChange={(v) =>
                change((x) => (x.mentee === null ? x : { ...x, mentee: { ...x.mentee, text: { ...x.mentee.text, [l]: v } } }))
              }
            />
          ))
        : null}
      {LANGUAGES.map((l) => (
        <TextField
          key={`mentor-${l}`}
          field={`questions.${i}.mentor.text.${l}`}
          label={t(`admin.questionnaire.mentorText.${l}`)}
          value={q.mentor.text[l]}
          onChange={(v) => change((x) => ({ ...x, mentor: { ...x.mentor, text: { ...x.mentor.text, [l]: v } } }))}
        />
      ))}
      <TextField
        field={`questions.${i}.topic`}
        label={t('admin.questionnaire.topic')}
        hint={t('admin.questionnaire.help.topic')}
        value={q.topic}
        onChange={(v) => change((x) => ({ ...x, topic: v }))}
      />
      <Field label={t('admin.questionnaire.rule')} hint={t(`admin.questionnaire.rules.${q.rule}.help`)}>
        <Select
          id={fieldId(`questions.${i}.rule`)}
          value={q.rule}
          onChange={(_, d) => dispatch({ type: 'rule', questionPairId: id, rule: d.value as RuleName })}
        >
          {RULE_NAMES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.questionnaire.rules.${r}.name`)}
            </option>
          ))}
        </Select>
      </Field>
      {q.rule === 'MentorOnly' ? (
        <Field label={t('admin.questionnaire.kind')}>
          <Select
            id={fieldId(`questions.${i}.kind`)}
            value={q.kind}
            onChange={(_, d) =>
              change((x) => ({ ...x, kind: d.value === 'text' ? 'text' : 'choice', options: d.value === 'text' ? [] : x.options }))
            }
          >
            <option value="choice">{t('admin.questionnaire.kinds.choice')}</option>
            <option value="text">{t('admin.questionnaire.kinds.text')}</option>
          </Select>
        </Field>
      ) : null}
      <NumberField
        field={`questions.${i}.weight`}
        label={t('admin.questionnaire.weight')}
        hint={t('admin.questionnaire.help.weight')}
        value={q.weight}
        onChange={(v) => change((x) => ({ ...x, weight: v }))}
      />
      <Field hint={t('admin.questionnaire.help.mustFit')}>
        <Checkbox
          id={fieldId(`questions.${i}.mustFit`)}
          label={t('admin.questionnaire.mustFit')}
          checked={q.mustFit}
          onChange={(_, d) => change((x) => ({ ...x, mustFit: d.checked === true }))}
        />
      </Field>
      {q.mentee !== null ? (
        <NumberField
          field={`questions.${i}.mentee.maxOption`}
          label={t('admin.questionnaire.menteeMaxOption')}
          value={q.mentee.maxOption}
          onChange={(v) => change((x) => (x.mentee === null ? x : { ...x, mentee: { ...x.mentee, maxOption: v } }))}
        />
      ) : null}
      <NumberField
        field={`questions.${i}.mentor.maxOption`}
        label={t('admin.questionnaire.mentorMaxOption')}
        value={q.mentor.maxOption}
        onChange={(v) => change((x) => ({ ...x, mentor: { ...x.mentor, maxOption: v } }))}
      />
      {q.rule === 'YearsFit' ? (
        <NumberField
          field={`questions.${i}.minYearsAhead`}
          label={t('admin.questionnaire.yearsAhead')}
          value={q.minYearsAhead}
          onChange={(v) => change((x) => ({ ...x, minYearsAhead: v }))}
        />
      ) : null}
      <Checkbox
        id={fieldId(`questions.${i}.retired`)}
        label={t('admin.questionnaire.questionRetired')}
        checked={q.retired}
        onChange={(_, d) => change((x) => ({ ...x, retired: d.checked === true }))}
      />
      {q.kind === 'choice' ? (
        <div id={fieldId(`questions.${i}.options`)} tabIndex={-1} role="group" aria-label={t('admin.questionnaire.options')}>
          <h5>{t('admin.questionnaire.options')}</h5>
          {q.options.map((o, k) => (
            <OptionRow key={o.id} option={o} index={k} questionIndex={i} questionPairId={id} dispatch={dispatch} />
          ))}
          <Button onClick={() => dispatch({ type: 'addOption', questionPairId: id })}>{t('admin.questionnaire.addOption')}</Button>
        </div>
      ) : null}
    </Card>
  )
})
QuestionEditor.displayName = 'QuestionEditor'
