// A spinner with its label: Fluent's Spinner (Busy.spinner.tsx), loaded after the first paint so
// that no first load carries it; until it arrives its place is kept free and the label says it all.
import { lazy, Suspense } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'

const Spinner = lazy(() => import('./Busy.spinner.js').then((m) => ({ default: m.BusySpinner })))

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
  },
  // the medium spinner's size, so nothing moves when it arrives
  place: { flexShrink: 0, width: '32px', height: '32px' },
})

export const Busy = ({ label, role }: { readonly label: string; readonly role?: 'status' }) => {
  const styles = useStyles()
  return (
    <div role={role} className={styles.root}>
      <Suspense fallback={<span aria-hidden className={styles.place} />}>
        <Spinner />
      </Suspense>
      <span>{label}</span>
    </div>
  )
}
