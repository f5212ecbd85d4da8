// The dashboard's meetings section (docs/web.md#meetings), a chunk of its own: it asks for the
// person's meetings and, when they are in a running team, shows the cards (their chunk loads then).
// The dashboard loads it only for a participant who may be in a running team, keeping the card's
// space free meanwhile for a matched one (`space`), so the sections below do not move.
import { lazy, Suspense, type ReactNode } from 'react'
import { useGetMyMeetingsQuery } from './meetings.api.js'

const MeetingsCards = lazy(() => import('./MeetingsCard.js'))

const MeetingsSection = ({ email, space }: { readonly email: string; readonly space: ReactNode }) => {
  const meetings = useGetMyMeetingsQuery({ email })
  // a failed load shows nothing: the mails carry every change, and the next visit asks again
  if (meetings.data === undefined) return meetings.isError ? null : space
  return meetings.data.teams.length > 0 ? (
    <Suspense fallback={space}>
      <MeetingsCards email={email} data={meetings.data} />
    </Suspense>
  ) : null
}

export default MeetingsSection
