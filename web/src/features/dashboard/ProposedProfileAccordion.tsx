// The other side's profile, behind a disclosure headed by the points label. Its e-mail is shown
// only when the viewing user's status is MATCHED (docs/product.md#permissions), whatever the server sends.
import { useState } from 'react'
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Badge, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { ProposedProfile, StatusName } from '@tandem/core'

const useStyles = makeStyles({ points: { marginLeft: '8px' } })

const Row = ({ label, value }: { readonly label: string; readonly value: string | null }) => (
  <>
    <dt>{label}</dt>
    <dd>{value === null || value === '' ? '-' : value}</dd>
  </>
)

export const ProposedProfileAccordion = ({
  profile,
  points,
  viewerStatus,
}: {
  readonly profile: ProposedProfile
  readonly points: number
  readonly viewerStatus: StatusName | undefined
}) => {
  const { t } = useTranslation()
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  return (
    <Accordion collapsible openItems={open ? ['profile'] : []} onToggle={(_, data) => setOpen(data.openItems.includes('profile'))}>
      <AccordionItem value="profile">
        <AccordionHeader as="h3">
          {t('dashboard.profileOf', { name: profile.firstName })}
          <Badge className={styles.points} appearance="tint">
            {t('dashboard.points', { count: points })}
          </Badge>
        </AccordionHeader>
        <AccordionPanel>
          {open && (
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
          )}
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  )
}
