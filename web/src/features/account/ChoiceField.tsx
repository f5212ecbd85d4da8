// A required choice of the account page (program year, preferred language). The page draws at once
// with the current choice in a box of the Dropdown's size; Fluent's Dropdown (`AccountSelect`, its
// own chunk) is asked for once that first frame is painted and takes the box's place when it
// arrives, so the heading and the person's data neither wait for the listbox code nor share the
// slow line with it, and nothing moves.
import { Suspense, lazy } from 'react'
import { Field, makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components'
import { validation } from '../../shared/field.js'
import { useAfterFirstPaint } from '../../shared/useAfterFirstPaint.js'

import type { Choice } from './choice.js'

export type { Choice }

// A failed load reaches the error boundary through `lazy` (which reloads once for a vanished chunk).
const AccountSelect = lazy(() => import('./AccountSelect.js'))

/** The Dropdown's outline (medium size): 32 px high, at least 250 px wide, the same text box. */
const useStyles = makeStyles({
  box: {
    ...typographyStyles.body1,
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    minWidth: '250px',
    minHeight: '32px',
    padding: `5px ${tokens.spacingHorizontalMNudge} 5px calc(${tokens.spacingHorizontalMNudge} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke1),
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
  },
})

const Pending = ({ text }: { readonly text: string }) => <div className={useStyles().box}>{text}</div>

export const ChoiceField = ({
  label,
  error,
  choices,
  chosen,
  onChoose,
}: {
  readonly label: string
  readonly error: string | undefined
  readonly choices: readonly Choice[]
  readonly chosen: number | null
  readonly onChoose: (value: number | null) => void
}) => {
  const ready = useAfterFirstPaint()
  const pending = <Pending text={choices.find((c) => c.value === chosen)?.text ?? ''} />
  return (
    <Field label={label} required {...validation(error)}>
      {ready ? (
        <Suspense fallback={pending}>
          <AccountSelect choices={choices} chosen={chosen} onChoose={onChoose} />
        </Suspense>
      ) : (
        pending
      )}
    </Field>
  )
}
