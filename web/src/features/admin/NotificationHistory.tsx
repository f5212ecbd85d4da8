// The notification history of the user information page (docs/product.md#admin-screens): subject, date (long
// format), and what happened to each mail (queued, sent, failed with its reason); a failed mail can
// be sent again.
import { Badge, Body1, Button, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { TableRegion } from './TableRegion.js'
import type { NotificationEntry, NotificationState } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { useAdminResendNotificationMutation } from './admin.api.js'
import { errorText } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'

const BADGE: { readonly [S in NotificationState]: 'informative' | 'success' | 'danger' } = {
  queued: 'informative',
  sent: 'success',
  failed: 'danger',
}

export const NotificationHistory = ({
  entries,
  language,
}: {
  readonly entries: readonly NotificationEntry[]
  readonly language: 'en' | 'de'
}) => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const [resend, resending] = useAdminResendNotificationMutation()
  const send = async (notificationId: number) => {
    const reply = await resend({ notificationId })
    if (reply.error !== undefined) return show('error', errorText(t, reply.error))
    show('success', t('admin.messages.notification-queued'))
  }
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      hour12: language === 'en',
    }).format(new Date(iso))
  return (
    <>
      <h3>{t('admin.user.history')}</h3>
      {entries.length === 0 ? (
        <Body1 as="p">{t('admin.user.noHistory')}</Body1>
      ) : (
        <TableRegion label={t('admin.user.history')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('admin.user.subject')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.user.date')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.user.mailState')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((n) => (
              <TableRow key={n.notificationId}>
                <TableCell>{n.mailSubject}</TableCell>
                <TableCell>{dateOf(n.createdDate)}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={BADGE[n.state]}>
                    {t(`admin.user.mailStates.${n.state}`)}
                  </Badge>
                  {n.state === 'failed' && (
                    <>
                      {n.failureReason !== null && (
                        <Body1 as="p" style={{ margin: '4px 0' }}>
                          {t('admin.user.failureReason', { reason: n.failureReason })}
                        </Body1>
                      )}
                      <Button
                        size="small"
                        disabled={resending.isLoading}
                        aria-label={t('admin.user.resendOne', { subject: n.mailSubject })}
                        onClick={() => void send(n.notificationId)}
                      >
                        {t('admin.user.resend')}
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </TableRegion>
      )}
    </>
  )
}
