import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import * as api from '../src/api/index.js'
import { encodedArbitraryOf } from './arbitraries/api.arbitraries.js'

/** The props of an object codec: required ones (t.type) and optional ones (t.partial). */
const propsOf = (codec: t.Mixed): { required: t.Props; optional: t.Props } => {
  if (codec instanceof t.ExactType || codec instanceof t.ReadonlyType) return propsOf(codec.type as t.Mixed)
  if (codec instanceof t.InterfaceType) return { required: codec.props as t.Props, optional: {} }
  if (codec instanceof t.PartialType) return { required: {}, optional: codec.props as t.Props }
  if (codec instanceof t.IntersectionType)
    return (codec.types as t.Mixed[])
      .map(propsOf)
      .reduce((a, b) => ({ required: { ...a.required, ...b.required }, optional: { ...a.optional, ...b.optional } }))
  throw new Error(`not an object codec: ${codec.name}`)
}

/** JSON values of every kind; for any field codec at least one of them is of the wrong type. */
const WRONG: readonly unknown[] = [true, 'not-a-valid-value', -1.5, [{ x: 1 }], { x: 1 }]

const BODIES: Readonly<Record<string, t.Mixed>> = {
  SignUpPayload: api.SignUpPayload,
  SignInPayload: api.SignInPayload,
  ProfileUpdateRequest: api.ProfileUpdateRequest,
  SaveAnswersPayload: api.SaveAnswersPayload,
  StatusUpdatePayload: api.StatusUpdatePayload,
  AcceptDeclinePayload: api.AcceptDeclinePayload,
  MenteeStateSavePayload: api.MenteeStateSavePayload,
  ManualTandemCreatePayload: api.ManualTandemCreatePayload,
  MatchingTandemListRequest: api.MatchingTandemListRequest,
  AdminDeclinePayload: api.AdminDeclinePayload,
  ExportUserDataRequest: api.ExportUserDataRequest,
  ExportTandemDataRequest: api.ExportTandemDataRequest,
  NotifyUserPayload: api.NotifyUserPayload,
  ExportTandemDataQuery: api.ExportTandemDataQuery,
  UserProfileQuery: api.UserProfileQuery,
}

describe('wrong input is refused with the field named', () => {
  for (const [name, codec] of Object.entries(BODIES)) {
    const { required, optional } = propsOf(codec)
    const fields = Object.entries({ ...required, ...optional })

    it(`${name}: a field of the wrong type is refused as invalid-value under its name`, () => {
      fc.assert(
        fc.property(encodedArbitraryOf(codec), fc.constantFrom(...fields), (wire, [field, fieldCodec]) => {
          const wrong = WRONG.find((w) => E.isLeft(fieldCodec.decode(w)))
          const result = api.decodeOrFieldErrors(codec, { ...(wire as object), [field]: wrong })
          expect(E.isLeft(result)).toBe(true)
          if (E.isLeft(result)) {
            expect(result.left.length).toBeGreaterThan(0)
            for (const e of result.left) expect(e.field === field || e.field.startsWith(`${field}.`)).toBe(true)
            expect(result.left.every((e) => e.key === 'invalid-value' || e.field !== field)).toBe(true)
          }
        }),
        { numRuns: 30 },
      )
    })

    if (Object.keys(required).length > 0)
      it(`${name}: a missing required field is refused as requiredFieldError under its name`, () => {
        fc.assert(
          fc.property(encodedArbitraryOf(codec), fc.constantFrom(...Object.keys(required)), (wire, field) => {
            const { [field]: _dropped, ...rest } = wire as Record<string, unknown>
            expect(api.decodeOrFieldErrors(codec, rest)).toEqual(E.left([{ field, key: 'requiredFieldError' }]))
          }),
          { numRuns: 20 },
        )
      })
  }
})
