// The states a tandem can be in (docs/product.md#tandem): the names errors and events speak of, below
// the tandem's codec and its move table, which give the states their meaning.
import * as t from 'io-ts'

export const TandemState = t.keyof({ ACTIVE: null, MATCHED: null, DECLINED: null, CLOSED: null, NOREACTION: null })
export type TandemState = t.TypeOf<typeof TandemState>
export const TANDEM_STATES: readonly TandemState[] = ['ACTIVE', 'MATCHED', 'DECLINED', 'CLOSED', 'NOREACTION']
