// The mail adapter's benchmark, run with the others by bench/run.ts.
export { default } from '../adapters/mail/bench/mail.bench.js'
