// What a mentee and a mentor share, from a proposal's score breakdown: the pairs that earned points
// and have something to show (shared options, or the two years a YearsFit pair compared), the
// weightiest first. The web lists these under "What you have in common".
import type { QuestionScore } from '../tandem/tandem.codec.js'

export const commonGround = (breakdown: readonly QuestionScore[]): readonly QuestionScore[] =>
  breakdown
    .filter((b) => b.points > 0 && (b.common.length > 0 || b.years !== undefined))
    // points earned say how much a pair weighed in this score; the larger maximum breaks a tie
    .map((b, index) => ({ b, index }))
    .sort((x, y) => y.b.points - x.b.points || y.b.max - x.b.max || x.index - y.index)
    .map(({ b }) => b)
