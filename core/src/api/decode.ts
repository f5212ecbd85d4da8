// Decoding of incoming payloads into field errors the browser can show: the path of each failing
// field and `requiredFieldError` when it is missing, `invalid-value` when it has the wrong form.
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { type FieldError, MessageKey, fieldError } from '../messages.js'

/** The root of the input, when the payload itself has the wrong form. */
export const ROOT_FIELD = '$'

// Union and intersection members appear in the context under their index; they are not fields.
// Exact and readonly wrappers validate with their inner codec's context, so look through them.
const isCombinator = (type: t.Decoder<unknown, unknown>): boolean => {
  let inner: unknown = type
  while (inner instanceof t.ExactType || inner instanceof t.ReadonlyType) inner = inner.type
  return inner instanceof t.UnionType || inner instanceof t.IntersectionType
}

const pathOf = (context: t.Context): string => {
  const keys: string[] = []
  for (let i = 1; i < context.length; i++) {
    const parent = context[i - 1]
    const entry = context[i]
    if (parent === undefined || entry === undefined || isCombinator(parent.type)) continue
    keys.push(entry.key)
  }
  return keys.length === 0 ? ROOT_FIELD : keys.join('.')
}

/** Missing is requiredFieldError; a present value breaks its codec's own key (see `refined`) or invalid-value. */
const toFieldError = (error: t.ValidationError): FieldError =>
  fieldError(
    pathOf(error.context),
    error.value === undefined || error.value === null
      ? 'requiredFieldError'
      : MessageKey.is(error.message)
        ? error.message
        : 'invalid-value',
  )

/** Decodes `input`; on failure one FieldError per failing field (a union reports once, not per member). */
export const decodeOrFieldErrors = <A, O>(codec: t.Type<A, O, unknown>, input: unknown): E.Either<readonly FieldError[], A> => {
  const result = codec.decode(input)
  if (E.isRight(result)) return result
  const byField = new Map<string, FieldError>()
  for (const error of result.left) {
    const fe = toFieldError(error)
    if (!byField.has(fe.field)) byField.set(fe.field, fe)
  }
  return E.left([...byField.values()])
}
