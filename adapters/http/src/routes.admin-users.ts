// The administrator's calls on users (docs/admin.md): the lists, one user's whole record and a failed
// mail of it sent again, a mentee's status and program year, a mentor's matching switch and capacity,
// and the copy of names and addresses from the identity provider. Admin only.
import {
  AdminUserDetailQuery,
  MenteeStateChangeQuery,
  MenteeStateSavePayload,
  ResendNotificationPayload,
  StatusSelection,
  StatusUpdatePayload,
  MentorCapacityPayload,
} from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const adminUserRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetAllUsers',
    policy: 'admin',
    summary: 'every user',
    handle: async ({ actor }) => answer(await s.admin.allUsers(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetUserDetail',
    policy: 'admin',
    summary: 'account, answers, tandems and notification history of a user',
    query: AdminUserDetailQuery,
    handle: async ({ actor, query }) => answer(await s.admin.userDetail(actor, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetMasterDataForMenteeStateChange',
    policy: 'admin',
    summary: "clusters, statuses and a mentee's current ones",
    query: MenteeStateChangeQuery,
    handle: async ({ actor, query }) => answer(await s.admin.menteeStateChangeData(actor, query.email)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/UpdateMenteeInformation',
    policy: 'admin',
    summary: "change a mentee's status and program year",
    body: MenteeStateSavePayload,
    handle: async ({ actor, body }) => answer(await s.admin.updateMenteeInformation(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/UpdateUserStatus',
    policy: 'admin',
    summary: "enable or disable a mentor's matching",
    body: StatusUpdatePayload,
    handle: async ({ actor, body }) => answer(await s.admin.updateUserStatus(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/UpdateMentorCapacity',
    policy: 'admin',
    summary: 'set how many mentees a mentor takes at once (1 to 5)',
    body: MentorCapacityPayload,
    handle: async ({ actor, body }) => answer(await s.admin.updateMentorCapacity(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetStatusMaster',
    policy: 'admin',
    summary: 'the status master list',
    handle: async ({ actor }) => answer(await s.admin.statusMaster(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetMentees',
    policy: 'admin',
    summary: 'mentees with the selected statuses',
    body: StatusSelection,
    handle: async ({ actor, body }) => answer(await s.admin.usersByStatus(actor, 'Mentee', body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetMentors',
    policy: 'admin',
    summary: 'mentors with the selected statuses',
    body: StatusSelection,
    handle: async ({ actor, body }) => answer(await s.admin.usersByStatus(actor, 'Mentor', body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/ResendNotification',
    policy: 'admin',
    summary: 'queue a failed notification of the history again',
    body: ResendNotificationPayload,
    handle: async ({ actor, body }) => answer(await s.admin.resendNotification(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/SyncDBFromIdp',
    policy: 'admin',
    summary: 'overwrite names and e-mails from the identity provider',
    handle: async ({ actor }) => answer(await s.admin.syncFromIdp(actor)),
  }),
]
