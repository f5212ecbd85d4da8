// One chart's table as spreadsheet columns and rows, in the admin's language: the same figures the
// page shows, small groups as "fewer than 5" text, never their number.
import type { Language, StatisticsChart, StatisticsReport } from '@tandem/core'
import type { CellValue, SheetColumn } from '../exports/sheet.writer.js'
import { STATISTICS_LABELS as L } from './statistics.labels.js'

type Shown =
  { readonly _tag: 'Count' | 'Value'; readonly value: number } | { readonly _tag: 'FewerThan' | 'Hidden'; readonly limit: number }

export type StatisticsTable = { readonly columns: readonly SheetColumn[]; readonly rows: readonly (readonly CellValue[])[] }

const STAGE_LABELS: Readonly<Record<string, keyof typeof L>> = {
  registered: 'registered',
  profileComplete: 'profileComplete',
  questionnaireComplete: 'questionnaireComplete',
  startedMatching: 'startedMatching',
  published: 'published',
  proposed: 'proposed',
  matched: 'matchedStage',
}

export const statisticsTable = (report: StatisticsReport, chart: StatisticsChart, language: Language): StatisticsTable => {
  const text = (key: keyof typeof L): string => L[key][language]
  const cell = (shown: Shown): CellValue =>
    'value' in shown ? shown.value : text(shown._tag === 'FewerThan' ? 'fewerThan' : 'hidden').replace('{limit}', String(shown.limit))
  const column = (key: keyof typeof L, width = 18): SheetColumn => ({ header: text(key), width })
  switch (chart) {
    case 'funnel':
      return {
        columns: [column('stage', 26), column('mentees'), column('mentors')],
        rows: report.funnel.mentee.map((m, i) => {
          const mentor = report.funnel.mentor[i]!
          const stage =
            m.stage === mentor.stage
              ? text(STAGE_LABELS[m.stage]!)
              : `${text(STAGE_LABELS[m.stage]!)} / ${text(STAGE_LABELS[mentor.stage]!)}`
          return [stage, cell(m.count), cell(mentor.count)]
        }),
      }
    case 'matching':
      return {
        columns: [column('figure', 50), column('value')],
        rows: [
          [text('started'), cell(report.matching.started)],
          [text('matched'), cell(report.matching.matched)],
          [text('rate'), cell(report.matching.rate)],
          [text('medianHours'), cell(report.matching.medianHoursToMatch)],
        ],
      }
    case 'expiries':
      return {
        columns: [column('figure', 60), column('count')],
        rows: [
          [text('menteeExpired'), cell(report.expiries.menteeExpired)],
          [text('mentorExpired'), cell(report.expiries.mentorExpired)],
          [text('mentorsPaused'), cell(report.expiries.mentorsPausedForSilence)],
        ],
      }
    case 'declineReasons':
      return {
        columns: [column('side', 14), column('reason', 70), column('count')],
        rows: [
          ...report.declineReasons.mentee.map((r) => [text('mentees'), r.label, cell(r.count)]),
          ...report.declineReasons.mentor.map((r) => [text('mentors'), r.label, cell(r.count)]),
        ],
      }
    case 'scores':
      return {
        columns: [column('scoreRange'), column('matchedTeams'), column('declinedTeams')],
        rows: report.scores.map((s) => [`${s.bucket}–${s.bucket === 90 ? 100 : s.bucket + 9}`, cell(s.matched), cell(s.declined)]),
      }
    case 'poolBalance':
      return {
        columns: [column('day', 14), column('availableMentors', 22), column('waitingMentees', 22), column('mentorsPerMentee', 30)],
        rows: report.poolBalance.map((p) => [p.day, cell(p.availableMentors), cell(p.waitingMentees), cell(p.mentorsPerMentee)]),
      }
    case 'breakdowns':
      return {
        columns: [column('dimension', 20), column('group', 30), column('mentees'), column('mentors')],
        rows: (['language', 'country', 'gender'] as const).flatMap((dimension) =>
          report.breakdowns[dimension].map((r) => [text(dimension), r.label, cell(r.mentees), cell(r.mentors)]),
        ),
      }
    case 'outcomes':
      // One row per figure and program year, so every year reads alike and a filter keeps a figure.
      return {
        columns: [column('programYear', 24), column('figure', 60), column('value')],
        rows: report.outcomes.flatMap((year) => [
          ...year.met.flatMap((m) => [
            [year.label, text('teamsAfterDays').replace('{day}', String(m.day)), cell(m.teams)],
            [year.label, text('metByDay').replace('{day}', String(m.day)), cell(m.share)],
          ]),
          ...year.pulses.map((p) => [year.label, text('pulseScore').replace('{score}', String(p.score)), cell(p.count)]),
          ...year.earlyEndings.map((e) => [year.label, text('earlyEnding').replace('{reason}', e.label), cell(e.count)]),
          ...year.satisfaction.map((p) => [year.label, text('satisfactionScore').replace('{score}', String(p.score)), cell(p.count)]),
          [year.label, text('sessionTeams'), cell(year.sessions.teams)],
          [year.label, text('sessionsPerTeamMonth'), cell(year.sessions.perTeamMonth)],
          [year.label, text('meetingMonthly'), cell(year.sessions.monthlyShare)],
        ]),
      }
  }
}
