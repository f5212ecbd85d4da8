import { describe, expect, it } from 'vitest'
import { MessageKey, QUESTIONNAIRE_EDIT_KEYS } from '@tandem/core'
import en from '../src/i18n/en.json'
import de from '../src/i18n/de.json'
import adminEn from '../src/features/admin/i18n/en.json'
import adminDe from '../src/features/admin/i18n/de.json'
import checkInEn from '../src/shared/checkins/i18n/en.json'
import checkInDe from '../src/shared/checkins/i18n/de.json'
import meetingEn from '../src/features/meetings/i18n/en.json'
import meetingDe from '../src/features/meetings/i18n/de.json'
import waitlistStopEn from '../src/features/waitlist/i18n/en.json'
import waitlistStopDe from '../src/features/waitlist/i18n/de.json'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix === '' ? k : `${prefix}.${k}`))
    : [prefix]

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : []
  })

describe('translations', () => {
  it('has every English key in German and every German key in English', () => {
    const enKeys = new Set(keysOf(en))
    const deKeys = new Set(keysOf(de))
    expect([...enKeys].filter((k) => !deKeys.has(k))).toEqual([])
    expect([...deKeys].filter((k) => !enKeys.has(k))).toEqual([])
  })

  it('has every admin key in both languages too (the admin chunk brings its own bundles)', () => {
    const enKeys = new Set(keysOf(adminEn))
    const deKeys = new Set(keysOf(adminDe))
    expect([...enKeys].filter((k) => !deKeys.has(k))).toEqual([])
    expect([...deKeys].filter((k) => !enKeys.has(k))).toEqual([])
  })

  it('has every check-in key in both languages too (the check-in chunk brings its own bundles)', () => {
    const enKeys = new Set(keysOf(checkInEn))
    const deKeys = new Set(keysOf(checkInDe))
    expect(enKeys.size).toBeGreaterThan(10)
    expect([...enKeys].filter((k) => !deKeys.has(k))).toEqual([])
    expect([...deKeys].filter((k) => !enKeys.has(k))).toEqual([])
  })

  it('has every meeting key in both languages too (the meetings chunk brings its own bundles)', () => {
    const enKeys = new Set(keysOf(meetingEn))
    const deKeys = new Set(keysOf(meetingDe))
    expect(enKeys.size).toBeGreaterThan(10)
    expect([...enKeys].filter((k) => !deKeys.has(k))).toEqual([])
    expect([...deKeys].filter((k) => !enKeys.has(k))).toEqual([])
  })

  it('has every key of the waitlist stop page in both languages too (its chunk brings its own bundles)', () => {
    const enKeys = new Set(keysOf(waitlistStopEn))
    const deKeys = new Set(keysOf(waitlistStopDe))
    expect(enKeys.size).toBeGreaterThan(5)
    expect([...enKeys].filter((k) => !deKeys.has(k))).toEqual([])
    expect([...deKeys].filter((k) => !enKeys.has(k))).toEqual([])
  })

  it('translates every message key of the core validation rules in both languages', () => {
    // the questionnaire editor's own messages come with the admin chunk: no participant meets them
    const editorOnly = (k: string) =>
      (QUESTIONNAIRE_EDIT_KEYS as readonly string[]).includes(k) && k in adminEn.messages && k in adminDe.messages
    // the meetings' field messages come with the meetings chunk: only its dialogs meet them
    const meetingsOnly = (k: string) => k in meetingEn.messages && k in meetingDe.messages
    const keys = Object.keys(MessageKey.keys)
    const missing = keys.filter((k) => !editorOnly(k) && !meetingsOnly(k) && (!(k in en.messages) || !(k in de.messages)))
    expect(missing).toEqual([])
    expect(Object.keys(adminEn.messages).filter((k) => !(QUESTIONNAIRE_EDIT_KEYS as readonly string[]).includes(k))).toEqual([])
  })

  it('has no empty text and German texts that differ from the English ones', () => {
    const enFlat = new Map(keysOf(en).map((k) => [k, k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en)]))
    const deFlat = new Map(keysOf(de).map((k) => [k, k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], de)]))
    expect([...enFlat].filter(([, v]) => v === '').map(([k]) => k)).toEqual([])
    expect([...deFlat].filter(([, v]) => v === '').map(([k]) => k)).toEqual([])
    // names and formats may be equal in both languages; running texts may not
    const same = [...enFlat].filter(([k, v]) => typeof v === 'string' && v.length > 20 && deFlat.get(k) === v).map(([k]) => k)
    expect(same).toEqual([])
  })

  it('defines every literal key the screens ask for', () => {
    const enKeys = new Set([...keysOf(en), ...keysOf(adminEn), ...keysOf(checkInEn), ...keysOf(meetingEn), ...keysOf(waitlistStopEn)])
    const used = sourceFiles(join(import.meta.dirname, '../src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z0-9-]+\.[a-zA-Z0-9.-]+)'/g)].map((m) => m[1] as string),
    )
    const plural = (k: string) => enKeys.has(`${k}_one`) && enKeys.has(`${k}_other`)
    expect([...new Set(used)].filter((k) => !enKeys.has(k) && !plural(k))).toEqual([])
  })
})
