// The other side's profile, behind a disclosure headed by the points label. Its e-mail is shown
// only when the viewing user's status is MATCHED (docs/product.md#permissions), whatever the server sends.
import { useState } from 'react'
import { mergeClasses, useId } from '@fluentui/react-components'
import { ChevronRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ProposedProfile, StatusName } from '@tandem/core'
import { useSurfaceStyles } from './surface.styles.js'

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
  const surface = useSurfaceStyles()
  const [open, setOpen] = useState(false)
  const panelId = useId('proposed-profile')
  return (
    <div>
      <h3 className={surface.heading}>
        <button
          type="button"
          className={surface.disclosure}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronRightRegular aria-hidden className={mergeClasses(surface.chevron, open && surface.chevronOpen)} />
          {t('dashboard.profileOf', { name: profile.firstName })}
          <span className={mergeClasses(surface.badge, surface.tint)}>{t('dashboard.points', { count: points })}</span>
        </button>
      </h3>
      <div id={panelId} className={surface.panel} hidden={!open}>
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
      </div>
    </div>
  )
}
