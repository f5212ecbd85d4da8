// The questionnaire form of one side (docs/product.md#participant-screens,
// docs/product.md#questionnaire-answers): the embedded profile, questions by rule type with live
// validation, Save, the primary button (mentee: start matching; mentor: save and publish) and the
// mentor's matching toggle with their capacity. Nothing is sent while a rule fails.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Button, MessageBar, MessageBarBody, Switch, Title3, makeStyles } from '@fluentui/react-components'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isLeft } from 'fp-ts/lib/Either.js'
import {
  asksProfileQuestion,
  canEnableMatching,
  canPublish,
  canSaveMentorAnswers,
  type FieldError,
  type QuestionAnswerResponse,
  type Side,
  type UserProfileResponse,
} from '@tandem/core'
import type { Me } from '../../state/me.js'
import { errorMessageKey, type ErrorWording } from '../../shell/error.messages.js'
import { useUpdateProfileMutation } from '../../shared/api/account.api.js'
import { checkProfile, profileRequest } from '../../shared/profile.form.js'
import { useSaveAnswersMutation, useUpdateUserStatusMutation } from '../../shared/api/questionnaire.api.js'
import { UnsavedChangesGuard } from '../../shared/UnsavedChangesGuard.js'
import { draftOf, errorsOf, groupByRule, saveItemOf, type DraftAnswer } from './questionnaire.model.js'
import { QuestionField } from './QuestionField.js'
import { MentorCapacityField } from './MentorCapacityField.js'
import { ProfileSection, type ProfileDraft } from './ProfileSection.js'
import { canStartMatching, useStartMatching } from '../../shared/start-matching.js'
import { NoticeDialog } from '../../shared/NoticeDialog.js'
import { useRevealed } from '../../shared/useRevealed.js'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '760px' },
  group: { display: 'flex', flexDirection: 'column', gap: '12px' },
  feedback: { display: 'flex', flexDirection: 'column', gap: '8px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
})

/** Questions rendered per step while the page fills in: about one phone screen. */
const QUESTIONS_PER_STEP = 3

/** The groups cut after the first `count` questions, empty groups left out. */
const firstQuestions = <G extends { readonly questions: readonly unknown[] }>(groups: readonly G[], count: number): readonly G[] => {
  let left = count
  return groups.flatMap((g) => {
    const taken = g.questions.slice(0, Math.max(0, left))
    left -= taken.length
    return taken.length === 0 ? [] : [{ ...g, questions: taken }]
  })
}

type Outcome = { readonly intent: 'success' | 'error' | 'warning'; readonly key: string; readonly text?: string } | null

/** A refused save of answers names the questionnaire's fields, not the profile's (docs/product.md#errors). */
const SAVE_WORDING: ErrorWording = { ValidationFailed: 'messages.questionnaire-fields-not-valid' }

const QuestionnaireForm = ({
  me,
  side,
  profile,
  questionnaire,
  currentYear,
}: {
  readonly me: Me
  readonly side: Side
  readonly profile: UserProfileResponse
  readonly questionnaire: QuestionAnswerResponse
  readonly currentYear: number
}) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const questions = questionnaire.questionAnswerModel
  const user = profile.userProfile
  const roles = user.userRole.map((r) => r.name)
  const [drafts, setDrafts] = useState<ReadonlyMap<number, DraftAnswer>>(
    () => new Map(questions.map((q) => [q.questionPairId, draftOf(q)])),
  )
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set())
  const [profileDraft, setProfileDraft] = useState<ProfileDraft>({
    countryCodeId: user.countryCodeId,
    stateOriginalId: user.stateOriginalId,
    city: user.city,
    professionalPosition: user.professionalPosition,
    company: user.company,
    // Answers stored before each side had its own questions may belong to a side the user does not hold.
    profileQuestionAnswer: user.userProfileQuestionAnswers.filter((a) => {
      const question = profile.userProfileMasterModel.userProfileQuestions.find(
        (q) => q.userQuestionOriginalId === a.userQuestionOriginalId,
      )
      return question !== undefined && asksProfileQuestion(question.side, roles)
    }),
  })
  const [submitMode, setSubmitMode] = useState<'save' | 'publish' | null>(null)
  const [profileErrors, setProfileErrors] = useState<readonly FieldError[]>([])
  const [outcome, setOutcome] = useState<Outcome>(null)
  const feedbackRef = useRef<HTMLDivElement>(null)
  // a long message may reach below the fold: bring the whole of it into view (jsdom has no scrolling)
  useEffect(() => {
    if (outcome !== null) feedbackRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [outcome])
  // changed since the page was loaded or last saved: leaving asks first
  const [dirty, setDirty] = useState(false)
  const [saveAnswers, saveState] = useSaveAnswersMutation()
  const [updateProfile, profileState] = useUpdateProfileMutation()
  const [updateStatus, statusState] = useUpdateUserStatusMutation()
  const matching = useStartMatching(me.email)
  const status = questionnaire.statusByRole
  // a publish shows at once, before the questionnaire is fetched again
  const [publishedNow, setPublishedNow] = useState(false)
  const published = questionnaire.isProfilePublished || publishedNow
  const firstTime = questions.every((q) => q.userSelectedAnswers.length === 0)

  const draftFor = useCallback((id: number): DraftAnswer => drafts.get(id) ?? { optionIds: [], typed: '' }, [drafts])
  const errorsFor = (mode: 'save' | 'publish') => questions.flatMap((q) => errorsOf(q, side, draftFor(q.questionPairId), mode, currentYear))
  // live: the rules of saving on touched questions; after a submit, the rules of that submit everywhere
  const shownErrors = useMemo(
    () =>
      questions.flatMap((q) => {
        const mode = submitMode ?? 'save'
        if (submitMode === null && !touched.has(q.questionPairId)) return []
        return errorsOf(q, side, draftFor(q.questionPairId), mode, currentYear)
      }),
    [draftFor, touched, submitMode, questions, side, currentYear],
  )
  const complete = errorsFor('publish').length === 0 && checkProfile(profileRequest(user, profileDraft, false), roles).ok

  const submit = async (mode: 'save' | 'publish'): Promise<boolean> => {
    setSubmitMode(mode)
    setOutcome(null)
    const checked = checkProfile(profileRequest(user, profileDraft, false), roles)
    setProfileErrors(checked.ok ? [] : checked.errors)
    const answerErrors = errorsFor(mode)
    if (!checked.ok) {
      setOutcome({ intent: 'error', key: 'messages.profileMissingFieldsError' })
      return false
    }
    if (answerErrors.length > 0) {
      setOutcome({ intent: 'error', key: 'messages.questionnaire-fields-not-valid' })
      return false
    }
    if (side === 'Mentor') {
      const rule = mode === 'publish' ? canPublish({ status, complete }) : canSaveMentorAnswers({ published, status, complete })
      if (isLeft(rule)) {
        setOutcome({
          intent: 'error',
          key: rule.left._tag === 'MatchingDisabled' ? 'messages.matching-disabled' : 'messages.profile-incomplete-published',
        })
        return false
      }
    }
    const savedProfile = await updateProfile(checked.request)
    if ('error' in savedProfile) {
      setOutcome({ intent: 'error', key: errorMessageKey(savedProfile.error) })
      return false
    }
    const saved = await saveAnswers({
      firstTime,
      payload: {
        email: me.email,
        roleName: side,
        isSavePublish: mode === 'publish',
        userSelectedAnswerSaveModel: questions.map((q) => saveItemOf(q, side, draftFor(q.questionPairId))),
      },
    })
    if ('error' in saved) {
      setOutcome({ intent: 'error', key: errorMessageKey(saved.error, SAVE_WORDING) })
      return false
    }
    setSubmitMode(null)
    setTouched(new Set())
    setDirty(false)
    if (mode === 'publish' && side === 'Mentor') setPublishedNow(true)
    setOutcome({
      intent: 'success',
      key: mode === 'publish' && side === 'Mentor' ? 'questionnaire.published' : `questionnaire.saved${side}`,
    })
    return true
  }

  const startMatching = async () => {
    if (!(await submit('publish'))) return
    if (await matching.start()) await navigate('/matching')
  }

  const toggleMatching = async (enable: boolean) => {
    setOutcome(null)
    if (enable && isLeft(canEnableMatching(complete))) {
      setOutcome({ intent: 'error', key: 'questionnaire.profileDataIncomplete' })
      return
    }
    const result = await updateStatus({ email: me.email, roleName: 'Mentor', disableMatching: !enable })
    if ('error' in result) {
      setOutcome({ intent: 'error', key: errorMessageKey(result.error) })
      return
    }
    setOutcome({ intent: 'success', key: enable ? 'questionnaire.matchingEnabled' : 'questionnaire.matchingDisabled' })
  }

  // the first questions at once, the others a few at a time (useRevealed), in the groups' order
  const revealed = useRevealed(questions.length, QUESTIONS_PER_STEP)
  const groups = firstQuestions(groupByRule(questions), revealed)
  const busy = saveState.isLoading || profileState.isLoading || statusState.isLoading || matching.running
  const summaryErrors = [...shownErrors, ...profileErrors]
  return (
    <form
      className={styles.page}
      // assistive technology and scripts learn when the last questions have been rendered
      aria-busy={revealed < questions.length}
      onSubmit={(e) => {
        e.preventDefault()
        void submit('save')
      }}
      noValidate
    >
      <ProfileSection
        side={side}
        draft={profileDraft}
        master={profile.userProfileMasterModel}
        errors={profileErrors}
        onChange={(d) => {
          setProfileDraft(d)
          setDirty(true)
        }}
      />
      {groups.map((group) => (
        <section key={group.rule} className={styles.group} aria-labelledby={`rule-${group.rule}`}>
          <Title3 as="h2" id={`rule-${group.rule}`}>
            {t(`questionnaire.rules.${group.rule}`)}
          </Title3>
          {group.questions.map((q) => (
            <QuestionField
              key={q.questionPairId}
              question={q}
              draft={draftFor(q.questionPairId)}
              required={q.answerKind !== 'text' || q.ruleName === 'MentorOnly'}
              error={shownErrors.find((e) => e.field === `answers.${q.questionPairId}`)}
              onChange={(draft) => {
                setDrafts(new Map(drafts).set(q.questionPairId, draft))
                setTouched(new Set(touched).add(q.questionPairId))
                setDirty(true)
              }}
            />
          ))}
        </section>
      ))}
      {summaryErrors.length === 0 && submitMode !== null && complete && (
        <MessageBar layout="multiline" intent="success">
          <MessageBarBody>{t('questionnaire.allFieldsValid')}</MessageBarBody>
        </MessageBar>
      )}
      {/* the answer to Save, Save and publish or the toggle, beside the buttons the person just used
          (at the end of a long questionnaire the top of the page is out of view) */}
      <div ref={feedbackRef} className={styles.feedback}>
        {outcome !== null && (
          <MessageBar layout="multiline" intent={outcome.intent} role={outcome.intent === 'success' ? 'status' : 'alert'}>
            <MessageBarBody>{outcome.text ?? t(outcome.key)}</MessageBarBody>
          </MessageBar>
        )}
        {matching.errorKey !== null && (
          <MessageBar layout="multiline" intent="error" role="alert">
            <MessageBarBody>{t(matching.errorKey)}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {t('common.save')}
        </Button>
        {side === 'Mentee' ? (
          <Button appearance="primary" disabled={busy || !canStartMatching(status)} onClick={() => void startMatching()}>
            {t('dashboard.startMatching')}
          </Button>
        ) : (
          <Button appearance="primary" disabled={busy} onClick={() => void submit('publish')}>
            {t('questionnaire.saveAndPublish')}
          </Button>
        )}
        {side === 'Mentor' && (
          <Switch
            // the label says the state the switch is in (docs/web.md)
            label={t(published && status !== 'PAUSED' ? 'questionnaire.matchingToggle' : 'questionnaire.matchingToggleOff')}
            checked={published && status !== 'PAUSED'}
            disabled={busy || !published}
            onChange={(_, d) => void toggleMatching(d.checked)}
          />
        )}
        {side === 'Mentor' && questionnaire.mentorPlaces !== undefined && (
          <MentorCapacityField
            email={me.email}
            places={questionnaire.mentorPlaces}
            disabled={busy}
            onOutcome={(o) => setOutcome({ intent: o.intent, key: '', text: o.text })}
          />
        )}
      </div>
      {matching.warning && (
        <NoticeDialog
          title={t('dashboard.matchingAlreadyRunningTitle')}
          text={t('dashboard.matchingAlreadyRunning')}
          onClose={matching.closeWarning}
        />
      )}
      <UnsavedChangesGuard dirty={dirty} />
    </form>
  )
}
export default QuestionnaireForm
