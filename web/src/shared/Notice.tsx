// A message in the page (an error, or information), drawn like Fluent's MessageBar with plain
// elements and the theme's tokens: the MessageBar (its reflow measuring, actions and motion) cost
// ~4 KiB brotli of every first load, where the shell and the dashboard need only a line of text.
import type { ReactNode } from 'react'
import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { DiamondDismissFilled, InfoFilled } from '@fluentui/react-icons'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    minHeight: '36px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalMNudge} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  error: { backgroundColor: tokens.colorStatusDangerBackground1, ...shorthands.borderColor(tokens.colorStatusDangerBorder1) },
  icon: { display: 'flex', flexShrink: 0, fontSize: tokens.fontSizeBase500, color: tokens.colorNeutralForeground3 },
  errorIcon: { color: tokens.colorStatusDangerForeground1 },
})

export const Notice = ({
  intent,
  role,
  children,
}: {
  readonly intent: 'error' | 'info'
  /** `alert` for a failure the person should hear at once. */
  readonly role?: 'alert' | 'status'
  readonly children: ReactNode
}) => {
  const styles = useStyles()
  return (
    <div role={role} className={mergeClasses(styles.root, intent === 'error' && styles.error)}>
      <span aria-hidden className={mergeClasses(styles.icon, intent === 'error' && styles.errorIcon)}>
        {intent === 'error' ? <DiamondDismissFilled /> : <InfoFilled />}
      </span>
      <div>{children}</div>
    </div>
  )
}
