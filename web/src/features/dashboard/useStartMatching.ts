// Starting a matching run, shared by the dashboard panel and the mentee questionnaire: keeps the
// running flag, warns on a second start while a run is under way, and maps failures to messages.
import { useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../state/hooks.js'
import { apiErrorOf } from '../../state/api.js'
import { useStartMatchingMutation } from './dashboard.api.js'
import { runFailed, runFinished, runStarted, selectMatchingRunning } from '../../state/matching.slice.js'
import { startMatchingFailure } from './dashboard.logic.js'

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
