// Builds web/dist once before the journeys start: they run two at a time, and two files building it
// at once wrote into each other's output.
import { ensureBuilt } from './harness.js'

export default async (): Promise<void> => {
  await ensureBuilt()
}
