// The account calls (docs/api.md): sign-up and sign-in, the caller's view, consents, deleting an
// account (the caller's own or, by an administrator, anyone's), a browser's error report and an
// administrator's notification to a user.
import {
  AcceptConsentsPayload,
  DeleteUserQuery,
  DeleteOwnAccountPayload,
  LogErrorPayload,
  NotifyUserPayload,
  SignInPayload,
  SignUpPayload,
  UserDetailsQuery,
  UserView,
} from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

/** The characters of a browser error report that are kept (how many a caller may send: the limiter's logError budget). */
export const LOG_ERROR_MAX_CHARACTERS = 2000

export const accountRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/account/signup',
    policy: 'self',
    summary: 'register the token holder with the role of the entry point',
    body: SignUpPayload,
    owner: (_q, b) => [b.Email],
    limit: 'apiSignIn',
    handle: async ({ actor, body }) => answer(await s.account.signUp(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Account/signin',
    policy: 'self',
    whileConsentsDue: true,
    summary: 'the signed-in user (adds the entry role when new to it)',
    body: SignInPayload,
    owner: (_q, b) => [b.Email],
    limit: 'apiSignIn',
    handle: async ({ actor, body }) => answer(await s.account.signIn(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/GetUserDetails',
    policy: 'self',
    whileConsentsDue: true,
    summary:
      "the participant view of the caller (a mentee's status entry after a run that found nobody names the must-fit answers nobody offers)",
    query: UserDetailsQuery,
    answers: UserView,
    owner: (q) => [q.emailId],
    handle: async ({ actor }) => answer(await s.account.userDetails(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Account/AcceptConsents',
    policy: 'self',
    whileConsentsDue: true,
    summary: "accept the privacy policy and terms in the versions in force (the body names the versions shown); answers the caller's view",
    body: AcceptConsentsPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.account.acceptConsents(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/DeleteUserFromIdp',
    policy: 'admin',
    summary: 'delete a user (releasing their live tandems)',
    query: DeleteUserQuery,
    handle: async ({ actor, query }) => answer(await s.account.deleteUser(actor, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Account/DeleteMyAccount',
    policy: 'self',
    whileConsentsDue: true,
    summary: "delete the caller's own account for good: live tandems end (partners told), personal data erased everywhere",
    body: DeleteOwnAccountPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.account.deleteOwnAccount(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Logger/LogError',
    policy: 'anonymous',
    summary: `log a browser error (signed out too; limited per caller, 429 beyond; first ${LOG_ERROR_MAX_CHARACTERS} characters kept)`,
    body: LogErrorPayload,
    limit: 'logError',
    handle: async ({ actor, body }) => {
      return answer(await s.account.logError(actor, { ErrorMessage: body.ErrorMessage.slice(0, LOG_ERROR_MAX_CHARACTERS) }))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Notification/NotifyUser',
    policy: 'admin',
    summary: 'send a notification of a template type to a user',
    body: NotifyUserPayload,
    handle: async ({ actor, body }) => answer(await s.account.notifyUser(actor, body)),
  }),
]
