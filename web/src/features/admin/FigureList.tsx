// A row of headline figures above an admin page's table (the waitlist's, what the outcomes say):
// each a label over its value, as a list the screen reader names. Small groups read "fewer than 5"
// or "hidden", as in the statistics; the server decides what may be shown.
import type { ReactNode } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import type { TFunction } from 'i18next'

const useStyles = makeStyles({
  figures: { display: 'flex', gap: '24px', flexWrap: 'wrap', margin: '12px 0', padding: 0, listStyleType: 'none' },
  figure: { display: 'flex', flexDirection: 'column' },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
})

/** A count the server may hide: its value, or why it is not shown. */
export type Shown = { readonly _tag: string; readonly value?: number; readonly limit?: number }

/** The count in the locale's digits, or "fewer than N" / "hidden" in the admin's language. */
export const shownText = (t: TFunction, locale: string, shown: Shown): string =>
  shown.value !== undefined
    ? shown.value.toLocaleString(locale)
    : t(shown._tag === 'FewerThan' ? 'admin.statistics.fewerThan' : 'admin.statistics.hidden', { limit: shown.limit })

export const FigureList = ({ label, figures }: { readonly label: string; readonly figures: readonly (readonly [string, ReactNode])[] }) => {
  const styles = useStyles()
  return (
    <ul className={styles.figures} aria-label={label}>
      {figures.map(([name, value]) => (
        <li key={name} className={styles.figure}>
          <span>{name}</span>
          <span className={styles.value}>{value}</span>
        </li>
      ))}
    </ul>
  )
}
