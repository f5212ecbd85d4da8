// A required choice of the account page (program year, preferred language). The page draws at once
// with the current choice in a box of the Dropdown's size; Fluent's Dropdown (`AccountSelect`, its
// own chunk, asked for as soon as this module runs) takes the box's place when it arrives, so the
// heading and the person's data do not wait for the listbox code and nothing moves.
import { Suspense, lazy } from 'react'
import { Field, makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components'
import { validation } from '../../shared/field.js'

export type Choice = { readonly value: number; readonly text: string }

const loadSelect = import('./AccountSelect.js')
// A failed load reaches the error boundary through `lazy` (which reloads once for a vanished chunk).
loadSelect.catch(() => undefined)
const AccountSelect = lazy(() => loadSelect)

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
}) => (
  <Field label={label} required {...validation(error)}>
    <Suspense fallback={<Pending text={choices.find((c) => c.value === chosen)?.text ?? ''} />}>
      <AccountSelect choices={choices} chosen={chosen} onChoose={onChoose} />
    </Suspense>
  </Field>
)
