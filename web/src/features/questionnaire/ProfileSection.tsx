// The profile embedded in the questionnaire page: country, federal state (only for Germany, id 64),
// city, professional position, company and the free-text profile questions (1000 characters).
import { Dropdown, Field, Input, Option, Textarea, Title3 } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import {
  GERMANY_COUNTRY_ID,
  PROFILE_ANSWER_MAX,
  asksProfileQuestion,
  type FieldError,
  type ProfileMasterData,
  type ProfileUpdateRequest,
  type Side,
} from '@tandem/core'
import { messageOf } from './QuestionField.js'
import { CountryPicker } from './CountryPicker.js'

export type ProfileDraft = Pick<
  ProfileUpdateRequest,
  'countryCodeId' | 'stateOriginalId' | 'city' | 'professionalPosition' | 'company' | 'profileQuestionAnswer'
>

export const ProfileSection = ({
  side,
  draft,
  master,
  errors,
  onChange,
}: {
  /** The page's side: only its own profile questions are shown. */
  readonly side: Side
  readonly draft: ProfileDraft
  readonly master: ProfileMasterData
  readonly errors: readonly FieldError[]
  readonly onChange: (draft: ProfileDraft) => void
}) => {
  const { t } = useTranslation()
  const message = (field: string) => {
    const m = messageOf(
      t,
      errors.find((e) => e.field === field),
    )
    return m === undefined ? {} : { validationMessage: m }
  }
  const answerOf = (id: number) => draft.profileQuestionAnswer.find((a) => a.userQuestionOriginalId === id)?.userAnswer ?? ''
  const setAnswer = (id: number, text: string) =>
    onChange({
      ...draft,
      profileQuestionAnswer: [
        ...draft.profileQuestionAnswer.filter((a) => a.userQuestionOriginalId !== id),
        { userQuestionOriginalId: id, userAnswer: text },
      ],
    })
  return (
    <section aria-labelledby="profile-section">
      <Title3 as="h2" id="profile-section">
        {t('questionnaire.profileSection')}
      </Title3>
      <Field label={t('profile.country')} required {...message('countryCodeId')}>
        <CountryPicker
          countries={master.countryMaster}
          selectedId={draft.countryCodeId}
          onSelect={(id) =>
            onChange({ ...draft, countryCodeId: id, stateOriginalId: id === GERMANY_COUNTRY_ID ? draft.stateOriginalId : null })
          }
        />
      </Field>
      {draft.countryCodeId === GERMANY_COUNTRY_ID && (
        <Field label={t('profile.federalState')} required {...message('stateOriginalId')}>
          <Dropdown
            value={master.federalState.find((s) => s.stateOriginalId === draft.stateOriginalId)?.stateName ?? ''}
            selectedOptions={draft.stateOriginalId === null ? [] : [String(draft.stateOriginalId)]}
            onOptionSelect={(_, d) => onChange({ ...draft, stateOriginalId: d.optionValue === undefined ? null : Number(d.optionValue) })}
          >
            {master.federalState.map((s) => (
              <Option key={s.stateOriginalId} value={String(s.stateOriginalId)}>
                {s.stateName}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      <Field label={t('profile.city')} required {...message('city')}>
        <Input value={draft.city ?? ''} onChange={(_, d) => onChange({ ...draft, city: d.value })} />
      </Field>
      <Field label={t('profile.professionalPosition')} {...message('professionalPosition')}>
        <Input value={draft.professionalPosition ?? ''} onChange={(_, d) => onChange({ ...draft, professionalPosition: d.value })} />
      </Field>
      <Field label={t('profile.company')} {...message('company')}>
        <Input value={draft.company ?? ''} onChange={(_, d) => onChange({ ...draft, company: d.value })} />
      </Field>
      {master.userProfileQuestions
        .filter((q) => asksProfileQuestion(q.side, [side]))
        .map((q) => {
          const index = draft.profileQuestionAnswer.findIndex((a) => a.userQuestionOriginalId === q.userQuestionOriginalId)
          return (
            <Field
              key={q.userQuestionOriginalId}
              label={q.userQuestionText}
              hint={t('common.charactersLeft', { count: PROFILE_ANSWER_MAX - [...answerOf(q.userQuestionOriginalId)].length })}
              {...message(`profileQuestionAnswer.${index}.userAnswer`)}
            >
              <Textarea
                value={answerOf(q.userQuestionOriginalId)}
                onChange={(_, d) => setAnswer(q.userQuestionOriginalId, d.value)}
                resize="vertical"
              />
            </Field>
          )
        })}
    </section>
  )
}
