// Every port of the application, apart from its use cases: what adapters implement (the store, the
// mailers, the clock, the workers) and the Services port the HTTP adapter calls.
export type * from './store/index.js'
export type * from './services.port.js'
export type { Clock } from './clock.port.js'
export type * from './mail.port.js'
export * from './cohort-runner.port.js'
export * from './preview-runner.port.js'
