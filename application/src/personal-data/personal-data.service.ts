// The personal-data download calls: start a preparation, ask how far it got, take the archive. The
// actor's own id keys everything, so nobody can reach another person's archive.
import type { DomainError } from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import { left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { createPersonalDataJobs } from './personal-data.jobs.js'

const notFound: DomainError = { _tag: 'NotFound', entity: 'User' }

export type PersonalDataServicePorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'answers' | 'audit' | 'clock' | 'downloads' | 'logger' | 'meetings' | 'mentorship' | 'outbox' | 'store' | 'users'
>

export const personalDataService = (ctx: PersonalDataServicePorts): Services['personalData'] => {
  const jobs = createPersonalDataJobs(ctx)
  return {
    start: async (actor) => (actor.userId === null ? left(notFound) : right(await jobs.start(actor.userId))),
    status: async (actor) => {
      const job = actor.userId === null ? undefined : await jobs.status(actor.userId)
      return job === undefined ? left(notFound) : right(job)
    },
    download: async (actor) => {
      const bytes = actor.userId === null ? undefined : await jobs.take(actor.userId)
      const day = new Date(ctx.clock()).toISOString().slice(0, 10)
      return bytes === undefined ? left(notFound) : right({ filename: `tandem-my-data-${day}.zip`, bytes })
    },
  }
}
