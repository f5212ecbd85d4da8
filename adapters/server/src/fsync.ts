// Flushes files and folder entries to the disk: a backup or restore that reports success must
// survive a power loss right after, renames included.
import { closeSync, fsyncSync, openSync } from 'node:fs'

export const syncFile = (file: string): void => {
  const fd = openSync(file, 'r+')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** A folder's fsync makes its renames durable (Linux, macOS); where a platform refuses it, the rename stands anyway. */
export const syncFolder = (folder: string): void => {
  let fd: number
  try {
    fd = openSync(folder, 'r')
  } catch {
    return
  }
  try {
    fsyncSync(fd)
  } catch {
    /* not supported for folders here (Windows) */
  } finally {
    closeSync(fd)
  }
}
