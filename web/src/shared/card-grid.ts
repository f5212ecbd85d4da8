// The dashboard's card grid (docs/web.md): proposal cards and timeline cards share one row of
// columns, each card at most 520 px wide, wrapping to one column on a phone.
export const CARD_ROW = { display: 'flex', flexWrap: 'wrap', gap: '16px' } as const
export const GRID_CARD = { maxWidth: '520px', width: '100%' } as const
