// Starting a matching run, shared by the dashboard panel and the mentee questionnaire: whether the
// status allows it (core's rule), the running flag, a warning on a second start while a run is under
// way, and the message of a failure.
import { useState } from 'react'
import { RUN_START_STATUSES, type ErrorCode, type StatusName } from '@tandem/core'
import { useAppDispatch, useAppSelector } from '../state/hooks.js'
import { apiErrorOf } from '../state/api.js'
import { useStartMatchingMutation } from '../state/matching.api.js'
import { runFailed, runFinished, runStarted, selectMatchingRunning } from '../state/matching.slice.js'
import type { ErrorWording, TranslationKey } from '../shell/error.messages.js'

/** Whether a mentee in this status may start a run (core RUN_START_STATUSES, docs/product.md#mentee-status). */
export const canStartMatching = (status: StatusName | undefined): boolean => status !== undefined && RUN_START_STATUSES.includes(status)

/** Start matching words these codes its own way (docs/product.md#errors); every other failure asks to update the profile. */
const START_MATCHING_WORDING: ErrorWording = {
  ProfileIncomplete: 'dashboard.menteeProfileIncomplete',
  MatchingAlreadyRunning: 'dashboard.matchingAlreadyRunning',
  NotAvailableForMatching: 'dashboard.couldNotStartMatching',
  // the program year has ended: only the Matching Administrator can help
  ClusterEnded: 'dashboard.contactAdministrator',
}

/** Maps a failed start of matching to its message key (docs/product.md#errors). */
export const startMatchingFailure = (code: ErrorCode | null): TranslationKey =>
  (code === null ? undefined : START_MATCHING_WORDING[code]) ?? 'dashboard.menteeUpdateProfileError'

export const useStartMatching = (email: string) => {
  const dispatch = useAppDispatch()
  const running = useAppSelector(selectMatchingRunning)
  const [trigger] = useStartMatchingMutation()
  const [warning, setWarning] = useState(false)
  const [errorKey, setErrorKey] = useState<string | null>(null)

  const start = async (): Promise<boolean> => {
    if (running) {
      setWarning(true)
      return false
    }
    setErrorKey(null)
    dispatch(runStarted())
    const result = await trigger({ menteeEmail: email })
    if ('data' in result) {
      dispatch(runFinished())
      return true
    }
    dispatch(runFailed())
    const error = apiErrorOf(result.error)
    const key = startMatchingFailure(error?.errorCode ?? null)
    if (key === 'dashboard.matchingAlreadyRunning') setWarning(true)
    else setErrorKey(key)
    return false
  }
  return { start, running, warning, closeWarning: () => setWarning(false), errorKey }
}
