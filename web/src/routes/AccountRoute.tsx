// The account page as its route shows it (docs/web.md#meetings): the account feature's page with the
// meetings' settings (time zone, calendar address) composed below its form. A chunk loaded with the
// page, so no other page's first load carries the composition.
import { lazy, Suspense, type ReactNode } from 'react'
import AccountPage from '../features/account/AccountPage.js'
import { meetingSettings } from './account.settings.js'

const MeetingSettings = lazy(meetingSettings)

/**
 * Until their chunk is in, the meeting settings' room is kept below the form, so "Your data" below
 * them does not move when they arrive (0.049–0.085 at 390 px without it, docs/web.md "Budgets per
 * state"): their height measured in Chromium, 358 px at phone widths and 322 px from 768 px on, in
 * between in proportion (German up to 20 px more).
 */
const accountExtras = (email: string): ReactNode => (
  <Suspense fallback={<div aria-hidden="true" style={{ minHeight: 'clamp(322px, calc(322px + (768px - 100vw) / 10), 358px)' }} />}>
    <MeetingSettings email={email} />
  </Suspense>
)

const AccountRoute = () => <AccountPage extras={accountExtras} />
export default AccountRoute
