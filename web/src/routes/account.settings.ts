// The account page's meeting settings chunk (docs/web.md#meetings): asked for by the route table
// together with the account page's own chunk, and shown by it (AccountRoute.tsx).
export const meetingSettings = () => import('../features/meetings/MeetingSettings.js')
