// Admin tables on any screen width: a table scrolls inside its own labelled, focusable region
// (keyboard users scroll it with the arrow keys) instead of widening the page, and long values
// such as e-mail addresses wrap inside their cell instead of running into the next column; column
// headers wrap between words only, never inside one (docs/admin.md "Phone width").
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { makeStyles, Table, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  region: {
    maxWidth: '100%',
    overflowX: 'auto',
    marginTop: '12px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  // wide enough for its columns to stay readable; narrower screens scroll the region
  table: {
    minWidth: '640px',
    '& td': { overflowWrap: 'anywhere', verticalAlign: 'top' },
    '& th': { overflowWrap: 'normal', wordBreak: 'normal', verticalAlign: 'top' },
  },
})

export const TableRegion = ({ label, children }: { readonly label: string; readonly children: ReactNode }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  // a name of its own: the page section around it is usually named like the table
  return (
    // a scrolling region takes focus so keyboard users can scroll it (axe: scrollable-region-focusable)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={t('admin.lists.tableRegion', { name: label })} tabIndex={0} className={styles.region}>
      <Table aria-label={label} size="small" className={styles.table}>
        {children}
      </Table>
    </div>
  )
}
