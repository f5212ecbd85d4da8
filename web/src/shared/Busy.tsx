// A spinner with its label, drawn with plain elements and the theme's tokens: Fluent's Spinner
// cost ~3 KiB brotli of every first load for a ring that turns.
import { makeStyles, tokens } from '@fluentui/react-components'

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
  ring: {
    boxSizing: 'border-box',
    flexShrink: 0,
    width: '32px',
    height: '32px',
    borderRadius: '50%',
    border: `3px solid ${tokens.colorBrandStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '1s',
    animationTimingFunction: 'linear',
    animationIterationCount: 'infinite',
    '@media screen and (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
  },
})

export const Busy = ({ label, role }: { readonly label: string; readonly role?: 'status' }) => {
  const styles = useStyles()
  return (
    <div role={role} className={styles.root}>
      <span aria-hidden className={styles.ring} />
      <span>{label}</span>
    </div>
  )
}
