// User information (docs/product.md#admin-screens): pick a user, then Account, Mentee and Mentor accordions with
// every field of the admin user detail ('-' when empty), the notification history, delete, the
// mentor matching toggle and the mentee status / program year edit.
import { useEffect, useState } from 'react'
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Select,
  Switch,
} from '@fluentui/react-components'
import {
  MENTEE_ADMIN_EDITABLE,
  MENTOR_CAPACITY_MAX,
  MENTOR_CAPACITY_MIN,
  type MentorPlaces,
  clusterIdOf,
  validateMenteeStateEdit,
  validateUserSearch,
  type AdminUserDetail,
  type PickerUser,
  type QuestionTextAnswer,
  type Side,
  type StatusName,
} from '@tandem/core'
import { TeamTimeline } from './TeamTimeline.js'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { skipToken } from '../../state/api.js'
import { formatDate, formatDateTime } from '../../shared/dates.js'
import { messageOf, validation } from '../../shared/field.js'
import { languageOf } from '../../i18n/i18n.js'
import {
  useAdminDeleteUserMutation,
  useAdminGetAllUsersQuery,
  useLazyAdminGetMenteeStateDataQuery,
  useLazyAdminGetUserDetailQuery,
  useAdminGetUserDetailQuery,
  useAdminUpdateMenteeInformationMutation,
  useAdminUpdateUserStatusMutation,
  useAdminUpdateMentorCapacityMutation,
} from './admin.api.js'
import { errorText, genderLabel, statusLabel } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { NotificationHistory } from './NotificationHistory.js'
import { StatusBadge } from './StatusBadge.js'
import { UserPicker } from './UserPicker.js'

const dash = (value: string | null | undefined): string => (value === null || value === undefined || value.trim() === '' ? '-' : value)

const Rows = ({ rows }: { readonly rows: readonly (readonly [string, string | null | undefined])[] }) => (
  <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 4, margin: 0 }}>
    {rows.map(([label, value]) => [
      <dt key={`${label}-t`} style={{ fontWeight: 600 }}>
        {label}
      </dt>,
      <dd key={`${label}-d`} style={{ margin: 0 }}>
        {dash(value)}
      </dd>,
    ])}
  </dl>
)

const Answers = ({ title, answers }: { readonly title: string; readonly answers: readonly QuestionTextAnswer[] }) => (
  <>
    <h4>{title}</h4>
    {answers.length === 0 ? <Body1>-</Body1> : <Rows rows={answers.map((a) => [a.userQuestionText, a.userAnswer] as const)} />}
  </>
)

const MenteeEdit = ({ email, status }: { readonly email: string; readonly status: StatusName }) => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const [load, data] = useLazyAdminGetMenteeStateDataQuery()
  const [save] = useAdminUpdateMenteeInformationMutation()
  const [statusId, setStatusId] = useState<number | null>(null)
  const [clusterId, setClusterId] = useState<number | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [checked, setChecked] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const editable = MENTEE_ADMIN_EDITABLE.includes(status)
  useEffect(() => {
    if (!editable) return
    void load({ email }).then((r) => {
      setStatusId(r.data?.menteeClusterAndStatusData.statusModel.id ?? null)
      setClusterId(r.data?.menteeClusterAndStatusData.clusterModel.clusterId ?? null)
    })
  }, [email, editable, load])
  if (!editable) return <Body1 as="p">{t('admin.user.readOnlyMentee')}</Body1>
  const master = data.data
  const errors = validateMenteeStateEdit({ statusId, clusterId })
  const errorOf = (field: string) =>
    checked
      ? messageOf(
          t,
          errors.find((e) => e.field === field),
        )
      : undefined
  const submit = async () => {
    setConfirming(false)
    const next = master?.statusMaster.find((s) => s.id === statusId)
    if (next === undefined || clusterId === null || statusId === null) return
    const reply = await save({ statusId, clusterId: clusterIdOf(clusterId), email, previousStatus: status, newStatus: next.name })
    if (reply.error !== undefined) return setFailure(errorText(t, reply.error))
    setFailure(null)
    show('success', t('admin.messages.update-success-message'))
  }
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'start', flexWrap: 'wrap', marginTop: 8 }}>
      {failure !== null && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('admin.user.editStatus')} required {...validation(errorOf('statusId'))}>
        <Select
          value={statusId === null ? '' : String(statusId)}
          onChange={(_e, d) => setStatusId(d.value === '' ? null : Number(d.value))}
        >
          <option value="" />
          {(master?.statusMaster ?? [])
            .filter((s) => s.name !== 'PAUSED')
            .map((s) => (
              <option key={s.id} value={s.id}>
                {statusLabel(t, s.name)}
              </option>
            ))}
        </Select>
      </Field>
      <Field label={t('admin.user.editCluster')} required {...validation(errorOf('clusterId'))}>
        <Select
          value={clusterId === null ? '' : String(clusterId)}
          onChange={(_e, d) => setClusterId(d.value === '' ? null : Number(d.value))}
        >
          <option value="" />
          {(master?.clusterMaster ?? [])
            .filter((c) => !c.isEnded || c.clusterId === clusterId)
            .map((c) => (
              <option key={c.clusterId} value={c.clusterId}>
                {c.clusterText}
              </option>
            ))}
        </Select>
      </Field>
      <Button
        style={{ marginTop: 22 }}
        onClick={() => {
          setChecked(true)
          if (errors.length === 0) setConfirming(true)
        }}
      >
        {t('admin.user.saveMentee')}
      </Button>
      <ConfirmDialog
        open={confirming}
        text={t('admin.messages.update-metee-status-data')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      />
    </div>
  )
}

const MentorMatching = ({ email, status }: { readonly email: string; readonly status: StatusName }) => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const [update, updating] = useAdminUpdateUserStatusMutation()
  const enabled = status !== 'PAUSED' && status !== 'NEW' && status !== 'INACTIVE'
  const toggle = async (on: boolean) => {
    const reply = await update({ email, roleName: 'Mentor', disableMatching: !on })
    if (reply.error === undefined) return show('success', t('admin.messages.update-success-message'))
    show('error', errorText(t, reply.error, { ProfileIncomplete: 'admin.messages.admin-profile-data-incomplete' }))
  }
  return (
    <Switch label={t('admin.user.matching')} checked={enabled} disabled={updating.isLoading} onChange={(_e, d) => void toggle(d.checked)} />
  )
}

/** The mentor's places and their capacity (1 to 5), set for them; audited like every admin change. */
const MentorCapacity = ({ email, places }: { readonly email: string; readonly places: MentorPlaces }) => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const [update, updating] = useAdminUpdateMentorCapacityMutation()
  const choose = async (capacity: number) => {
    if (capacity === places.capacity) return
    const reply = await update({ email, capacity })
    if (reply.error === undefined) return show('success', t('admin.messages.update-success-message'))
    show('error', errorText(t, reply.error))
  }
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'end', flexWrap: 'wrap' }}>
      <Field label={t('admin.user.capacity')}>
        <Dropdown
          aria-label={t('admin.user.capacity')}
          value={String(places.capacity)}
          selectedOptions={[String(places.capacity)]}
          disabled={updating.isLoading}
          onOptionSelect={(_e, d) => void choose(Number(d.optionValue))}
          style={{ minWidth: 80 }}
        >
          {Array.from({ length: MENTOR_CAPACITY_MAX - MENTOR_CAPACITY_MIN + 1 }, (_, i) => String(MENTOR_CAPACITY_MIN + i)).map((n) => (
            <Option key={n} value={n}>
              {n}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <span>
        <span style={{ fontWeight: 600 }}>{t('admin.user.places')}: </span>
        {`${places.taken} / ${places.capacity}`}
      </span>
    </div>
  )
}

export const UserDetailView = ({ detail, onDeleted }: { readonly detail: AdminUserDetail; readonly onDeleted: () => void }) => {
  const { t, i18n } = useTranslation()
  const language = languageOf(i18n)
  const { show } = useAdminMessages()
  const [remove] = useAdminDeleteUserMutation()
  const [confirming, setConfirming] = useState(false)
  const p = detail.userCompleteProfile
  const statusOf = (side: Side) => detail.userStatuses.find((s) => s.role === side)
  const mentee = statusOf('Mentee')
  const mentor = statusOf('Mentor')
  const teams = (refs: readonly { matchingTandemId: number }[]) => refs.map((r) => `#${r.matchingTandemId}`).join(', ')
  const date = (value: string | null | undefined) => (value === null || value === undefined ? null : formatDateTime(value, language))
  const remove_ = async () => {
    setConfirming(false)
    const reply = await remove({ email: p.email })
    if (reply.error !== undefined || reply.data !== true) return show('error', t('admin.messages.unexpected-error'))
    show('success', t('admin.messages.user-deleted-success'))
    onDeleted()
  }
  return (
    <div>
      <Accordion multiple collapsible defaultOpenItems={['account', 'mentee', 'mentor']}>
        <AccordionItem value="account">
          <AccordionHeader as="h3">{t('admin.user.account')}</AccordionHeader>
          <AccordionPanel>
            <Rows
              rows={[
                [t('admin.user.firstName'), p.firstName],
                [t('admin.user.lastName'), p.lastName],
                [t('admin.user.email'), p.email],
                [t('admin.user.roles'), detail.userRole.map((r) => r.name).join(', ')],
                [t('admin.user.gender'), genderLabel(t, p.gender)],
                [t('admin.user.country'), p.country],
                [t('admin.user.federalState'), p.federalState],
                [t('admin.user.city'), p.city],
                [t('admin.user.language'), p.language],
                [t('admin.user.professionalPosition'), p.professionalPosition],
                [t('admin.user.company'), p.company],
                [t('admin.user.cluster'), p.cluster],
                [t('admin.user.registrationDate'), formatDate(p.registrationDate, language)],
              ]}
            />
          </AccordionPanel>
        </AccordionItem>
        {mentee !== undefined && (
          <AccordionItem value="mentee">
            <AccordionHeader as="h3">{t('admin.user.mentee')}</AccordionHeader>
            <AccordionPanel>
              <div>
                <span style={{ fontWeight: 600 }}>{t('admin.user.status')}: </span>
                <StatusBadge status={mentee.userStatus} />
              </div>
              <Rows
                rows={[
                  [t('admin.user.matchingTeams'), teams(detail.allData.menteeMatchingTandem)],
                  [t('admin.user.lastStartedMatching'), date(detail.allData.menteeLastStartedMatchingDate)],
                  [t('admin.user.lastPublished'), date(mentee.questionLastPublishDate)],
                  [t('admin.user.registrationDate'), formatDate(p.registrationDate, language)],
                  [t('admin.user.cluster'), p.cluster],
                ]}
              />
              {detail.allData.menteeMatchingTandem.map((r) => (
                <TeamTimeline key={r.matchingTandemId} tandemId={r.matchingTandemId} />
              ))}
              <MenteeEdit email={p.email} status={mentee.userStatus} />
              <Answers title={t('admin.user.accountQuestions')} answers={detail.allData.menteeAccountQuestions} />
              <Answers title={t('admin.user.profileQuestions')} answers={detail.allData.menteeProfileQuestions} />
            </AccordionPanel>
          </AccordionItem>
        )}
        {mentor !== undefined && (
          <AccordionItem value="mentor">
            <AccordionHeader as="h3">{t('admin.user.mentor')}</AccordionHeader>
            <AccordionPanel>
              <div>
                <span style={{ fontWeight: 600 }}>{t('admin.user.status')}: </span>
                <StatusBadge status={mentor.userStatus} />
              </div>
              <MentorMatching email={p.email} status={mentor.userStatus} />
              {detail.mentorPlaces !== undefined && <MentorCapacity email={p.email} places={detail.mentorPlaces} />}
              <Rows
                rows={[
                  [t('admin.user.matchingTeams'), teams(detail.allData.mentorMatchingTandem)],
                  [t('admin.user.lastPublished'), date(mentor.questionLastPublishDate)],
                  [t('admin.user.registrationDate'), formatDate(p.registrationDate, language)],
                ]}
              />
              {detail.allData.mentorMatchingTandem.map((r) => (
                <TeamTimeline key={r.matchingTandemId} tandemId={r.matchingTandemId} />
              ))}
              <Answers title={t('admin.user.accountQuestions')} answers={detail.allData.mentorAccountQuestions} />
              <Answers title={t('admin.user.profileQuestions')} answers={detail.allData.mentorProfileQuestions} />
            </AccordionPanel>
          </AccordionItem>
        )}
      </Accordion>
      <NotificationHistory entries={detail.notification} language={language} />
      <Button style={{ marginTop: 12 }} onClick={() => setConfirming(true)}>
        {t('admin.user.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        text={t('admin.user.confirmDelete', { name: `${p.firstName} ${p.lastName}` })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove_()}
      />
    </div>
  )
}

const UserInformationPage = () => {
  const { t, i18n } = useTranslation()
  const { show } = useAdminMessages()
  // who signed up since the page opened is in the picker once the administrator comes back to it
  const users = useAdminGetAllUsersQuery(undefined, { refetchOnFocus: true, refetchOnMountOrArgChange: true })
  const [loadDetail] = useLazyAdminGetUserDetailQuery()
  const [picked, setPicked] = useState<PickerUser | null>(null)
  const [text, setText] = useState('')
  const [checked, setChecked] = useState(false)
  const [shown, setShown] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  // the shown detail follows the interface language: a switch asks again in the new language
  const current = useAdminGetUserDetailQuery(shown === null ? skipToken : { email: shown, language: languageOf(i18n) })
  const errors = validateUserSearch({ selectedEmail: picked?.email ?? null, text })
  const pickerUsers: readonly PickerUser[] = (users.data ?? []).map((u) => ({
    userId: u.userId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
  }))

  // `?userId=` (the audit trail's links): that person is picked and shown once the list is in
  const [params] = useSearchParams()
  const linkedId = params.get('userId')
  const [linked, setLinked] = useState<{ readonly id: string; readonly found: boolean } | null>(null)
  if (linkedId !== null && linkedId !== linked?.id && users.data !== undefined) {
    const person = pickerUsers.find((u) => String(u.userId) === linkedId)
    setLinked({ id: linkedId, found: person !== undefined })
    if (person !== undefined) {
      setPicked(person)
      setText(`${person.firstName} ${person.lastName}`)
      setShown(person.email)
      setGeneration((g) => g + 1)
    }
  }

  const display = async () => {
    setChecked(true)
    if (picked === null) return
    const reply = await loadDetail({ email: picked.email, language: languageOf(i18n) })
    if (reply.error !== undefined) return show('error', errorText(t, reply.error))
    setShown(picked.email)
  }

  return (
    <section aria-labelledby="user-info-title">
      <h2 id="user-info-title">{t('nav.userInfo')}</h2>
      <div key={generation} style={{ display: 'flex', gap: 12, alignItems: 'start', flexWrap: 'wrap' }}>
        <UserPicker
          label={t('admin.user.picker')}
          users={pickerUsers}
          picked={picked}
          required
          onPick={(u, typed) => {
            setPicked(u)
            setText(typed)
          }}
          error={checked ? messageOf(t, errors[0]) : undefined}
        />
        <Button appearance="primary" style={{ marginTop: 22 }} onClick={() => void display()}>
          {t('admin.user.display')}
        </Button>
      </div>
      {linked !== null && !linked.found && linked.id === linkedId && (
        <Body1 as="p">{t('admin.user.linkedNobody', { id: linked.id })}</Body1>
      )}
      {shown !== null && current.data !== undefined && current.data.userCompleteProfile.email === shown && (
        <UserDetailView
          detail={current.data}
          onDeleted={() => {
            setShown(null)
            setPicked(null)
            setText('')
            setChecked(false)
            setGeneration((g) => g + 1)
          }}
        />
      )}
    </section>
  )
}
export default UserInformationPage
