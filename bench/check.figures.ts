// A figure of the bench guard (bench/check.ts): one ratio against a baseline of the same run, as
// each bench's short `check` version measures it.
export type Figure = {
  /** Its key in bench/baselines.json. */
  readonly key: string
  readonly what: string
  readonly value: number
  readonly unit: string
  /** Which way is better: a munkres ratio is higher, a latency in multiples of a baseline lower. */
  readonly better: 'higher' | 'lower'
  /** The absolute figures behind the ratio, for the reader. */
  readonly detail: string
}
