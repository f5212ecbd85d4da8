// The other side's profile, behind a disclosure headed by the person's full name and the points
// label. Its e-mail is shown only when the viewing user's status is MATCHED
// (docs/product.md#permissions), whatever the server sends. A mentor's card asks for its own
// profile when the disclosure is first opened (ProposalProfile).
import { useState } from 'react'
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Badge, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Language, ParticipantProposal, ProposedProfile, Side, StatusName } from '@tandem/core'
import { Busy } from '../../shared/Busy.js'
import { skipToken } from '../../state/api.js'
import { useGetProposedProfileQuery } from './dashboard.api.js'
import { suggestedByProgramTeam } from './dashboard.logic.js'

const useStyles = makeStyles({ points: { marginLeft: '8px' } })

const Row = ({ label, value }: { readonly label: string; readonly value: string | null }) => (
  <>
    <dt>{label}</dt>
    <dd>{value === null || value === '' ? '-' : value}</dd>
  </>
)

export const ProposedProfileAccordion = ({
  name,
  profile,
  points,
  viewerStatus,
  onOpen,
}: {
  /** The other side's full name (two people may share a first name). */
  readonly name: string
  /** Undefined while it is being fetched: the open disclosure shows a spinner. */
  readonly profile: ProposedProfile | undefined
  /** Null for a team the program team suggested (no score to show). */
  readonly points: number | null
  readonly viewerStatus: StatusName | undefined
  readonly onOpen?: () => void
}) => {
  const { t } = useTranslation()
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  return (
    <Accordion
      collapsible
      openItems={open ? ['profile'] : []}
      onToggle={(_, data) => {
        const opened = data.openItems.includes('profile')
        setOpen(opened)
        if (opened) onOpen?.()
      }}
    >
      <AccordionItem value="profile">
        <AccordionHeader as="h3">
          {t('dashboard.profileOf', { name })}
          {points !== null && (
            <Badge className={styles.points} appearance="tint">
              {t('dashboard.points', { count: points })}
            </Badge>
          )}
        </AccordionHeader>
        <AccordionPanel>
          {open &&
            (profile === undefined ? (
              <Busy label={t('common.loading')} />
            ) : (
              <dl>
                <Row label={t('profile.city')} value={profile.city} />
                <Row label={t('profile.federalState')} value={profile.federalState} />
                <Row label={t('profile.country')} value={profile.country} />
                <Row label={t('profile.language')} value={profile.language} />
                <Row label={t('profile.gender')} value={profile.gender} />
                <Row label={t('profile.professionalPosition')} value={profile.professionalPosition} />
                <Row label={t('profile.company')} value={profile.company} />
                {viewerStatus === 'MATCHED' && profile.email !== null && <Row label={t('profile.email')} value={profile.email} />}
                {[...profile.questionnairesQuestionAnswersModel, ...profile.profileQuestionAnswersModel].map((qa) => (
                  <Row key={qa.userQuestionText} label={qa.userQuestionText} value={qa.userAnswer} />
                ))}
              </dl>
            ))}
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  )
}

/** The profile of one proposal's person, asked for when its disclosure is first opened. */
export const ProposalProfile = ({
  proposal,
  email,
  side,
  language,
  viewerStatus,
}: {
  readonly proposal: ParticipantProposal
  readonly email: string
  readonly side: Side
  readonly language: Language
  readonly viewerStatus: StatusName | undefined
}) => {
  const [asked, setAsked] = useState(false)
  const profile = useGetProposedProfileQuery(
    asked ? { email, role: side, language, matchingTandemId: proposal.matchingTandemId } : skipToken,
  )
  return (
    <ProposedProfileAccordion
      name={`${proposal.firstName} ${proposal.lastName}`}
      profile={profile.data}
      points={suggestedByProgramTeam(proposal) ? null : proposal.baseMatchRuleScore}
      viewerStatus={viewerStatus}
      onOpen={() => setAsked(true)}
    />
  )
}
