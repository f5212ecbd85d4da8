// Status badges with the colours of docs/product.md#states: user statuses and team states.
import { Badge } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { STATUS_BADGE, TANDEM_BADGE, type BadgeType, type StatusName, type TandemState } from '@tandem/core'
import { proposalStateLabel, statusLabel, tandemStateLabel } from './admin.i18n.js'

const COLOR: Readonly<Record<BadgeType, 'informative' | 'warning' | 'danger' | 'success'>> = {
  info: 'informative',
  warning: 'warning',
  error: 'danger',
  success: 'success',
}

export const badgeColorOf = (type: BadgeType) => COLOR[type]

export const StatusBadge = ({ status }: { readonly status: StatusName }) => {
  const { t } = useTranslation()
  return (
    <Badge appearance="tint" color={COLOR[STATUS_BADGE[status]]} data-badge={STATUS_BADGE[status]}>
      {statusLabel(t, status)}
    </Badge>
  )
}

export const TeamBadge = ({ state }: { readonly state: TandemState }) => {
  const { t } = useTranslation()
  return (
    <Badge appearance="tint" color={COLOR[TANDEM_BADGE[state]]} data-badge={TANDEM_BADGE[state]}>
      {tandemStateLabel(t, state)}
    </Badge>
  )
}

/** Proposal states have no colours of their own in the spec: neutral. */
export const ProposalBadge = ({ state }: { readonly state: string }) => {
  const { t } = useTranslation()
  return (
    <Badge appearance="outline" color="informative">
      {proposalStateLabel(t, state)}
    </Badge>
  )
}
