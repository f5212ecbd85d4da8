// Fluent's Spinner for Busy.tsx, a chunk of its own. The label beside it speaks; the ring is hidden
// from assistive technology.
import { Spinner } from '@fluentui/react-components'

export const BusySpinner = () => <Spinner size="medium" aria-hidden />
