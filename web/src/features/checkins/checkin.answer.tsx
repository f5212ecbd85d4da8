// What the check-in forms share (docs/mentorship.md#check-ins): the answer is checked by the core's
// decoding before it is sent (its refusals shown beside their fields), and the server's refusal of
// a sent answer is shown under the form, its message bar loaded when it shows.
import { useState } from 'react'
import { decodeCheckInAnswer, type CheckInAnswer, type CheckInOccasion, type FieldError, type Side } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { LaterMessage } from '../../shared/LaterMessage.js'

export type CheckInFormProps = {
  readonly occasion: CheckInOccasion
  readonly role: Side
  readonly busy: boolean
  /** The translated refusal of the last answer, shown next to the form. */
  readonly failure: string | null
  readonly onAnswer: (answer: CheckInAnswer) => void
}

/** The field errors of the last answer tried, and `submit`, which sends an answer only when the core accepts it. */
export const useCheckedAnswer = (onAnswer: (answer: CheckInAnswer) => void) => {
  const [errors, setErrors] = useState<readonly FieldError[]>([])
  const submit = (input: Record<string, unknown>) => {
    const decoded = decodeCheckInAnswer(input)
    if (isLeft(decoded)) {
      setErrors(decoded.left._tag === 'ValidationFailed' ? decoded.left.errors : [])
      return
    }
    setErrors([])
    onAnswer(decoded.right)
  }
  return { errors, submit }
}

export const Refusal = ({ failure }: { readonly failure: string | null }) =>
  failure === null ? null : (
    <LaterMessage intent="error" role="alert">
      {failure}
    </LaterMessage>
  )
