// One read for many callers: the revision every cached answer checks is asked for several times per
// request, by every request. A caller that asks while a read is on its way waits for the next one,
// sent when that read is back and shared by everyone who asked meanwhile; a read sent before a
// caller asked is never its answer, so each answer is as fresh as a read of the caller's own.

const ignore = (): void => undefined

/** `read`, shared by the callers that ask while an earlier read is on its way (see above). */
export const coalesced = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let sent: Promise<T> | undefined
  let queued: Promise<T> | undefined
  const send = (): Promise<T> => {
    const answer = read()
    sent = answer
    const back = () => {
      if (sent === answer) sent = undefined
    }
    answer.then(back, back)
    return answer
  }
  return () => {
    if (sent === undefined) return send()
    queued ??= sent.then(ignore, ignore).then(() => {
      queued = undefined
      return send()
    })
    return queued
  }
}
