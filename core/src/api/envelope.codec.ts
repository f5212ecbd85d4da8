// The response envelope every call answers with (docs/product.md#calls): success flags, a value, an error
// message and, beside it, the typed error code clients branch on. Failures may carry a value too,
// e.g. the field errors of a 400.
import * as t from 'io-ts'
import { ErrorCode, errorMessageOf } from './error.code.js'
import { nullable } from './wire.codec.js'

export type Envelope<T> = {
  readonly isSuccess: boolean
  readonly isFailure: boolean
  readonly value: T | null
  readonly errorMessage: string | null
  readonly errorCode: ErrorCode | null
}

/** The codec of `Envelope<T>` for a codec of T. */
export const Envelope = <C extends t.Mixed>(value: C) =>
  t.type(
    {
      isSuccess: t.boolean,
      isFailure: t.boolean,
      value: nullable(value),
      errorMessage: nullable(t.string),
      errorCode: nullable(ErrorCode),
    },
    `Envelope<${value.name}>`,
  )

export const ok = <T>(value: T): Envelope<T> => ({ isSuccess: true, isFailure: false, value, errorMessage: null, errorCode: null })

/** A failure with its code; the message is the one clients read for that code (docs/product.md#errors). */
export const fail = <T = never>(errorCode: ErrorCode, value: T | null = null): Envelope<T> => ({
  isSuccess: false,
  isFailure: true,
  value,
  errorMessage: errorMessageOf(errorCode),
  errorCode,
})

/** Start matching also reports a status code (CreateMatchingTandem, docs/product.md#calls). */
export const StartMatchingResponse = t.intersection([Envelope(t.boolean), t.type({ statusCode: t.number })], 'StartMatchingResponse')
export type StartMatchingResponse = t.TypeOf<typeof StartMatchingResponse>
