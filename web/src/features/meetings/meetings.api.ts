// Meeting calls of the meetings chunk (docs/api.md#meetings): the caller's meetings and sessions per
// running team, and every change, each answered with the caller's meetings as they are after it
// (so the cache is replaced by the answer, not asked again). The dashboard loads this chunk only for
// a participant who may be in a running team (docs/web.md#meetings). The time zone and the calendar feed's
// secret address belong to the account page.
import type {
  AnswerTookPlacePayload,
  LogSessionPayload,
  MeetingNotePayload,
  MoveMeetingPayload,
  MyMeetingsWire,
  PickSlotPayload,
  ProposeMeetingPayload,
  SetTimeZonePayload,
} from '@tandem/core'
import { api } from '../../state/api.js'

/** A request as the screens build it: the ids as the server sent them (plain numbers; the server decodes them). */
type Sent<A> = { readonly [K in keyof A]: K extends 'meetingId' | 'matchingTandemId' ? number : A[K] }

export type { MeetingWire, MyMeetingsWire, SessionWire } from '@tandem/core'

/** The caller's meetings and sessions per running team, with both time zones. */
const myMeetingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyMeetings: build.query<MyMeetingsWire, { email: string }>({
      query: (params) => ({ url: '/api/Meeting/GetMyMeetings', params }),
      // the running teams change with the proposals' decisions and with an ending, which invalidate
      // `Proposals`; a meeting's own changes answer the meetings, which replace these
      providesTags: ['Proposals'],
    }),
  }),
})

/** A change of a meeting: POSTed, answered with the caller's meetings, which replace the cached ones. */
const change = <A extends { readonly email: string }>(url: string) => ({
  query: (body: A) => ({ url, method: 'POST' as const, body }),
  async onQueryStarted(
    body: A,
    { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: MyMeetingsWire }> },
  ) {
    try {
      const { data } = await queryFulfilled
      dispatch(myMeetingsApi.util.upsertQueryData('getMyMeetings', { email: body.email }, data))
    } catch {
      // a refusal changes nothing: the form shows it
    }
  },
})

export const meetingsApi = myMeetingsApi.injectEndpoints({
  endpoints: (build) => ({
    proposeMeeting: build.mutation<MyMeetingsWire, Sent<ProposeMeetingPayload>>(
      change<Sent<ProposeMeetingPayload>>('/api/Meeting/ProposeMeeting'),
    ),
    pickSlot: build.mutation<MyMeetingsWire, Sent<PickSlotPayload>>(change<Sent<PickSlotPayload>>('/api/Meeting/PickSlot')),
    askOtherTimes: build.mutation<MyMeetingsWire, Sent<MeetingNotePayload>>(change<Sent<MeetingNotePayload>>('/api/Meeting/AskOtherTimes')),
    moveMeeting: build.mutation<MyMeetingsWire, Sent<MoveMeetingPayload>>(change<Sent<MoveMeetingPayload>>('/api/Meeting/MoveMeeting')),
    cancelMeeting: build.mutation<MyMeetingsWire, Sent<MeetingNotePayload>>(change<Sent<MeetingNotePayload>>('/api/Meeting/CancelMeeting')),
    answerTookPlace: build.mutation<MyMeetingsWire, Sent<AnswerTookPlacePayload>>(
      change<Sent<AnswerTookPlacePayload>>('/api/Meeting/AnswerTookPlace'),
    ),
    // a logged session answers the "have you met?" question too: the open questions are asked again
    logSession: build.mutation<MyMeetingsWire, Sent<LogSessionPayload>>({
      ...change<Sent<LogSessionPayload>>('/api/Meeting/LogSession'),
      invalidatesTags: ['CheckIns'],
    }),
    setTimeZone: build.mutation<MyMeetingsWire, Sent<SetTimeZonePayload>>(change<Sent<SetTimeZonePayload>>('/api/Meeting/SetTimeZone')),
    renewCalendarFeed: build.mutation<{ readonly url: string }, { email: string }>({
      query: (body) => ({ url: '/api/Meeting/RenewCalendarFeed', method: 'POST', body }),
    }),
  }),
})

export const { useGetMyMeetingsQuery } = myMeetingsApi

export const {
  useProposeMeetingMutation,
  usePickSlotMutation,
  useAskOtherTimesMutation,
  useMoveMeetingMutation,
  useCancelMeetingMutation,
  useAnswerTookPlaceMutation,
  useLogSessionMutation,
  useSetTimeZoneMutation,
  useRenewCalendarFeedMutation,
} = meetingsApi
