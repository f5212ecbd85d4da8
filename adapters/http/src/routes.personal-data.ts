// The caller's own data as one download (docs/privacy.md, GDPR Art. 15/20): start preparing it,
// follow its progress, fetch it once.
import { UserDetailsQuery } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const personalDataRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/Account/PrepareMyData',
    policy: 'self',
    whileConsentsDue: true,
    summary: "start preparing the caller's own data as one zip (GDPR Art. 15/20); answers the job's state at once",
    body: UserDetailsQuery,
    owner: (_q, b) => [b.emailId],
    handle: async ({ actor }) => answer(await s.personalData.start(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/MyDataStatus',
    policy: 'self',
    whileConsentsDue: true,
    summary: "the state and progress (0-100) of the caller's data download; 404 when none was started",
    query: UserDetailsQuery,
    owner: (q) => [q.emailId],
    handle: async ({ actor }) => answer(await s.personalData.status(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/DownloadMyData',
    policy: 'self',
    whileConsentsDue: true,
    summary: "the caller's prepared data as a zip (data.json, photo, summary), once; 404 when none is ready",
    query: UserDetailsQuery,
    owner: (q) => [q.emailId],
    produces: 'archive',
    handle: async ({ actor }) => {
      const result = await s.personalData.download(actor)
      if (isLeft(result)) return answer(result)
      const { filename, bytes } = result.right
      return { kind: 'stream', status: 200, contentType: 'application/zip', filename, write: async (out) => void out.end(bytes) }
    },
  }),
]
