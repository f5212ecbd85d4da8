// Team detail and editing (docs/product.md#admin-screens, docs/product.md#team-editing): the
// accordion 'MT_ID: #{id}' with both last names, mentee and mentor cards, status selects by
// teamEditing.rules, Save and Release with confirmations, End mentorship for a MATCHED team and how
// an ended team was ended.
import { useState } from 'react'
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Button,
  Card,
  CardHeader,
  Field,
  Select,
  Spinner,
} from '@fluentui/react-components'
import { reportedEndReason, type ProposalState, type TeamDetail, type TeamEnding, type TeamProposalDetail } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/dates.js'
import { languageOf } from '../../i18n/i18n.js'
import { useAppDispatch } from '../../state/hooks.js'
import {
  adminApi,
  useAdminAcceptProposalMutation,
  useAdminCloseTandemMutation,
  useAdminDeclineProposalMutation,
  useAdminEndTandemMutation,
  useAdminGetTandemByIdQuery,
} from './admin.api.js'
import { errorText, proposalStateLabel } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { EndMentorshipDialog, type EndMentorshipInput } from '../../shared/EndMentorshipDialog.js'
import { ProposalBadge, TeamBadge } from './StatusBadge.js'
import { TeamTimeline } from './TeamTimeline.js'
import {
  EDITABLE_PROPOSAL_STATES,
  callsToSave,
  chooseMenteeStatus,
  chooseMentorStatus,
  isMenteeEditable,
  isMentorEditable,
  isReleaseEnabled,
  isSaveEnabled,
  startEditing,
  type TeamEdit,
} from './teamEditing.rules.js'

type Step = 'none' | 'save' | 'release' | 'releaseAgain' | 'end'

/** How the team was ended: when, by whom, why, and what it decided about the pair and the mentor. */
const EndingCard = ({ ending }: { readonly ending: TeamEnding }) => {
  const { t, i18n } = useTranslation()
  const language = languageOf(i18n)
  const by = { Mentee: 'admin.teams.endedByMentee', Mentor: 'admin.teams.endedByMentor', Admin: 'admin.teams.endedByAdmin' } as const
  const yesNo = (value: boolean) => t(value ? 'admin.teams.yes' : 'admin.teams.no')
  const rows: readonly (readonly [string, string])[] = [
    [t('admin.teams.endedAt'), formatDateTime(ending.endedAt, language)],
    [t('admin.teams.endedBy'), t(by[ending.endedBy])],
    [t('admin.teams.endReason'), reportedEndReason(ending.reasonId, language)],
    ...(ending.otherText === null ? [] : [[t('admin.teams.endOtherText'), ending.otherText] as const]),
    [t('admin.teams.doNotPairAgain'), yesNo(ending.doNotPairAgain)],
    [t('admin.teams.mentorPaused'), yesNo(ending.mentorPaused)],
  ]
  return (
    <Card aria-label={t('admin.teams.ending')} style={{ marginTop: 12 }}>
      <CardHeader header={<h4 style={{ margin: 0 }}>{t('admin.teams.ending')}</h4>} />
      <dl style={{ margin: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'flex', gap: 8 }}>
            <dt style={{ fontWeight: 600 }}>{label}:</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

const ProposalCard = ({
  title,
  proposal,
  status,
  editable,
  onChoose,
  selectLabel,
}: {
  readonly title: string
  readonly proposal: TeamProposalDetail
  readonly status: ProposalState
  readonly editable: boolean
  readonly onChoose: (next: ProposalState) => void
  readonly selectLabel: string
}) => {
  const { t, i18n } = useTranslation()
  const row = (label: string, value: string | null) => (
    <div style={{ display: 'flex', gap: 8 }}>
      <dt style={{ fontWeight: 600 }}>{label}:</dt>
      <dd style={{ margin: 0 }}>{value === null || value === '' ? '-' : value}</dd>
    </div>
  )
  return (
    <Card style={{ flex: '1 1 320px' }} aria-label={title}>
      <CardHeader header={<h4 style={{ margin: 0 }}>{title}</h4>} />
      <dl style={{ margin: 0 }}>
        {row(t('admin.teams.proposalId'), String(proposal.proposalId))}
        {row(t('admin.teams.name'), `${proposal.firstName} ${proposal.lastName}`)}
        {row(t('admin.user.email'), proposal.email)}
        {row(t('admin.teams.proposalDate'), formatDateTime(proposal.createdDate, languageOf(i18n)))}
        {row(t('admin.teams.declineReason'), proposal.declineReasonText)}
        {row(t('admin.teams.comment'), proposal.comment)}
        {proposal.declineInformationText !== null && row(t('admin.teams.declineInformation'), proposal.declineInformationText)}
      </dl>
      {editable ? (
        <Field label={selectLabel}>
          <Select value={status} onChange={(_e, d) => onChoose(d.value as ProposalState)}>
            {EDITABLE_PROPOSAL_STATES.map((s) => (
              <option key={s} value={s}>
                {proposalStateLabel(t, s)}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <div>
          <span style={{ fontWeight: 600 }}>{selectLabel}: </span>
          <ProposalBadge state={status} />
        </div>
      )}
    </Card>
  )
}

export const TeamEditor = ({
  detail,
  onChanged,
  busy,
  onSave,
  onRelease,
  onEnd,
}: {
  readonly detail: TeamDetail
  readonly onChanged?: (edit: TeamEdit) => void
  readonly busy: boolean
  readonly onSave: (edit: TeamEdit) => void
  readonly onRelease: () => void
  /** Ends a MATCHED team with a reason (offered only when given). */
  readonly onEnd?: (input: EndMentorshipInput) => void
}) => {
  const { t } = useTranslation()
  const [edit, setEdit] = useState(() => startEditing(detail))
  const [step, setStep] = useState<Step>('none')
  const update = (next: TeamEdit) => {
    setEdit(next)
    onChanged?.(next)
  }
  const mentee = detail.matchingTandemMenteeProposal
  const mentor = detail.matchingTandemMentorProposal
  return (
    <Accordion defaultOpenItems={['team']} collapsible>
      <AccordionItem value="team">
        <AccordionHeader as="h3">
          {t('admin.teams.detailTitle', { id: detail.tandemId, mentee: mentee.lastName, mentor: mentor.lastName })}
        </AccordionHeader>
        <AccordionPanel>
          <div style={{ marginBottom: 8 }}>
            <span style={{ fontWeight: 600 }}>{t('admin.teams.teamStatus')}: </span>
            <TeamBadge state={detail.tandemStatus} />
          </div>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <ProposalCard
              title={t('admin.teams.menteeCard')}
              proposal={mentee}
              status={edit.mentee}
              editable={isMenteeEditable(edit)}
              selectLabel={t('admin.teams.menteeStatus')}
              onChoose={(s) => update(chooseMenteeStatus(edit, s))}
            />
            <ProposalCard
              title={t('admin.teams.mentorCard')}
              proposal={mentor}
              status={edit.mentor}
              editable={isMentorEditable(edit)}
              selectLabel={t('admin.teams.mentorStatus')}
              onChoose={(s) => update(chooseMentorStatus(edit, s))}
            />
          </div>
          <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
            <Button disabled={busy || !isReleaseEnabled(detail.tandemStatus)} onClick={() => setStep('release')}>
              {t('admin.teams.release')}
            </Button>
            {onEnd !== undefined && detail.tandemStatus === 'MATCHED' && (
              <Button disabled={busy} onClick={() => setStep('end')}>
                {t('admin.teams.end')}
              </Button>
            )}
            <Button appearance="primary" disabled={busy || !isSaveEnabled(edit)} onClick={() => setStep('save')}>
              {t('admin.teams.save')}
            </Button>
            {busy && <Spinner size="tiny" />}
          </div>
          {detail.ending !== undefined && <EndingCard ending={detail.ending} />}
          {step === 'end' && onEnd !== undefined && (
            <EndMentorshipDialog
              title={t('ending.adminTitle', { id: detail.tandemId })}
              who="Admin"
              busy={busy}
              onClose={() => setStep('none')}
              onConfirm={(input) => {
                setStep('none')
                onEnd(input)
              }}
            />
          )}
          <ConfirmDialog
            open={step === 'save'}
            text={t('admin.teams.confirmSave')}
            onCancel={() => setStep('none')}
            onConfirm={() => {
              setStep('none')
              onSave(edit)
            }}
          />
          <ConfirmDialog
            open={step === 'release'}
            text={t('admin.teams.confirmRelease')}
            onCancel={() => setStep('none')}
            onConfirm={() => setStep('releaseAgain')}
          />
          <ConfirmDialog
            open={step === 'releaseAgain'}
            text={t('admin.teams.confirmReleaseAgain')}
            onCancel={() => setStep('none')}
            onConfirm={() => {
              setStep('none')
              onRelease()
            }}
          />
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  )
}

/** Loads the team, runs the calls of a save one after another (each with the version the last left). */
export const TeamDetailPanel = ({ tandemId }: { readonly tandemId: number }) => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const dispatch = useAppDispatch()
  const team = useAdminGetTandemByIdQuery(tandemId)
  const [accept] = useAdminAcceptProposalMutation()
  const [decline] = useAdminDeclineProposalMutation()
  const [close] = useAdminCloseTandemMutation()
  const [endTandem] = useAdminEndTandemMutation()
  const [busy, setBusy] = useState(false)
  // the team a refused save found changed; showing another team forgets it
  const [staleTeam, setStaleTeam] = useState<number | null>(null)
  const stale = staleTeam === tandemId

  const finish = async (error: unknown, done = 'admin.messages.update-matching-tandem-confirm-save-confirmed-Message') => {
    const reloaded = await team.refetch()
    // 'AdminTeam' too: the team's timeline is read on its own and changes with the team (an ending closes it)
    dispatch(adminApi.util.invalidateTags(['AdminTeams', 'AdminTeam', 'AdminUsers', 'AdminUserDetail']))
    setBusy(false)
    if (error !== undefined) {
      setStaleTeam(errorText(t, error) === t('admin.messages.TandemChanged') ? tandemId : null)
      return show('error', errorText(t, error))
    }
    if (reloaded.error !== undefined) return show('error', errorText(t, reloaded.error))
    show('success', t(done))
  }

  const save = async (detail: TeamDetail, edit: TeamEdit) => {
    setBusy(true)
    let version = detail.version
    for (const [i, call] of callsToSave(edit, detail).entries()) {
      if (i > 0) {
        const current = await team.refetch()
        version = current.data?.version ?? version
      }
      const reply = call.kind === 'accept' ? await accept(call.payload(version)) : await decline(call.payload(version))
      if (reply.error !== undefined) return finish(reply.error)
    }
    return finish(undefined)
  }

  const release = async (detail: TeamDetail) => {
    setBusy(true)
    const reply = await close([
      { proposalId: detail.matchingTandemMenteeProposal.proposalId, proposalState: 'CLOSED', comment: null },
      { proposalId: detail.matchingTandemMentorProposal.proposalId, proposalState: 'CLOSED', comment: null },
    ])
    return finish(reply.error)
  }

  const end = async (detail: TeamDetail, input: EndMentorshipInput) => {
    setBusy(true)
    const reply = await endTandem({
      matchingTandemId: detail.tandemId,
      version: detail.version,
      reasonId: input.reasonId,
      otherText: input.otherText,
      doNotPairAgain: input.doNotPairAgain,
      pauseMentor: input.pauseMentor,
    })
    return finish(reply.error, 'admin.messages.teamEnded')
  }

  if (team.isLoading) return <Spinner />
  if (team.data === undefined) return <Body1>{errorText(t, team.error)}</Body1>
  const detail = team.data
  return (
    <div>
      {stale && (
        <Button
          onClick={() => {
            setStaleTeam(null)
            void team.refetch()
          }}
        >
          {t('admin.teams.refresh')}
        </Button>
      )}
      <TeamEditor
        key={`${detail.tandemId}-${detail.version}-${detail.tandemStatus}`}
        detail={detail}
        busy={busy}
        onSave={(edit) => void save(detail, edit)}
        onRelease={() => void release(detail)}
        onEnd={(input) => void end(detail, input)}
      />
      {/* Here, not in the editor: the editor shows what it is given, the timeline is read (and audited) on its own. */}
      <TeamTimeline tandemId={detail.tandemId} meetings={detail.meetings} />
    </div>
  )
}
