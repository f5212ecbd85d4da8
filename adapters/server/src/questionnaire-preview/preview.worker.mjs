// Starts the TypeScript worker body in a worker thread: the server runs from source (decision 0007),
// and a worker thread does not inherit the test runner's or tsx's loader, so it registers tsx itself.
import { register } from 'tsx/esm/api'

register()
await import('./preview.worker.ts')
