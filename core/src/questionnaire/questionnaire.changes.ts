// Where two questionnaire drafts differ, as field paths of the draft (`questions.1.weight`), the
// paths a refusal names: what a stale save tells the administrator changed meanwhile.
import type { QuestionnaireDraft } from './questionnaire.draft.js'

/** At most this many paths are listed; a draft replaced wholesale (an import) reads as its first ones. */
export const DRAFT_CHANGES_MAX = 100

const isContainer = (value: unknown): value is Readonly<Record<string, unknown>> => value !== null && typeof value === 'object'

/**
 * The deepest paths at which `now` differs from `sent`: a changed value names its own field, a
 * question or option added or removed names its place in the list. Drafts are decoded values of a
 * fixed shape, so the walk is shallow.
 */
export const draftChanges = (sent: QuestionnaireDraft, now: QuestionnaireDraft): readonly string[] => {
  const changes: string[] = []
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (changes.length >= DRAFT_CHANGES_MAX) return
    if (isContainer(a) && isContainer(b) && Array.isArray(a) === Array.isArray(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
      for (const key of keys) walk(a[key], b[key], path === '' ? key : `${path}.${key}`)
      return
    }
    if (a !== b) changes.push(path)
  }
  walk(sent, now, '')
  return changes
}
