// One running team's meetings and sessions, for the end of its timeline card (docs/web.md#meetings):
// the dashboard composes it into the check-in timelines, so neither feature imports the other.
import { useGetMyMeetingsQuery } from './meetings.api.js'
import { MeetingsTimeline } from './MeetingsTimeline.js'

const TeamMeetings = ({ email, matchingTandemId }: { readonly email: string; readonly matchingTandemId: number }) => {
  const meetings = useGetMyMeetingsQuery({ email }).data
  const team = meetings?.teams.find((m) => m.matchingTandemId === matchingTandemId)
  return team === undefined || meetings === undefined ? null : <MeetingsTimeline team={team} zone={meetings.timeZone} />
}

export default TeamMeetings
