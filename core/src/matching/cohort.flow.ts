// The exact solver behind whole-cohort matching: a min-cost flow where every mentee ships one unit
// either through a candidate pair to a mentor's place (cost −weight) or to "unmatched" (cost 0),
// solved by successive shortest paths (Dijkstra on reduced costs, potentials kept, Jonker–Volgenant
// style) after a greedy start. Sparse: only the kept pairs (cohort.edges.ts), in typed arrays, never
// a matrix. A pair left out of row i has reduced cost ≥ u_i − floor_i, so the search treats "widen
// row i" as an event at distance d_i + u_i − floor_i: a row is scored again only when a path through
// its left-out pairs could still be shorter than the one found, and the search is exact over all pairs.
//
// Potentials π (sink fixed at 0) give the dual prices: mentee max(0, π), mentor max(0, −π).
import type { CohortRows } from './cohort.edges.js'

/**
 * Widens row i (see CohortRows) given mentee i's price and the potentials, so that its left-out pairs
 * lie more than `slack` (what they may lie below the price now) and, if near, `need` below the price.
 */
export type Widen = (mentee: number, price: number, potential: Float64Array, need: number, slack: number) => void

/** The solver's state: who sits where, and the potentials. */
export type FlowState = {
  readonly rows: CohortRows
  readonly mentors: number
  readonly places: Int32Array
  /** Mentor of each mentee, −1 when unmatched. */
  readonly mentorOf: Int32Array
  /** Weight of each matched mentee's pair. */
  readonly weightOf: Float64Array
  /** Mentees 0..n−1, then mentors n..n+m−1. */
  readonly potential: Float64Array
  readonly slotStart: Int32Array
  readonly slotMentee: Int32Array
  readonly load: Int32Array
  augmentations: number
}

/** A binary min-heap of (key, node) with lazy deletion, in typed arrays that grow. */
class Heap {
  keys = new Float64Array(1024)
  nodes = new Int32Array(1024)
  size = 0
  push(key: number, node: number): void {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.size * 2)
      keys.set(this.keys)
      this.keys = keys
      const nodes = new Int32Array(this.size * 2)
      nodes.set(this.nodes)
      this.nodes = nodes
    }
    let at = this.size++
    const { keys, nodes } = this
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (keys[parent]! <= key) break
      keys[at] = keys[parent]!
      nodes[at] = nodes[parent]!
      at = parent
    }
    keys[at] = key
    nodes[at] = node
  }
  /** Removes the minimum; read it from keys[0]/nodes[0] before. */
  pop(): void {
    const { keys, nodes } = this
    const last = --this.size
    const key = keys[last]!
    const node = nodes[last]!
    let at = 0
    for (;;) {
      let child = 2 * at + 1
      if (child >= last) break
      if (child + 1 < last && keys[child + 1]! < keys[child]!) child++
      if (keys[child]! >= key) break
      keys[at] = keys[child]!
      nodes[at] = nodes[child]!
      at = child
    }
    keys[at] = key
    nodes[at] = node
  }
}

const stateOf = (rows: CohortRows, mentors: number, places: Int32Array): FlowState => {
  const n = rows.mentees
  const slotStart = new Int32Array(mentors + 1)
  for (let j = 0; j < mentors; j++) slotStart[j + 1] = slotStart[j]! + places[j]!
  return {
    rows,
    mentors,
    places,
    mentorOf: new Int32Array(n).fill(-1),
    weightOf: new Float64Array(n),
    potential: new Float64Array(n + mentors),
    slotStart,
    slotMentee: new Int32Array(slotStart[mentors]!).fill(-1),
    load: new Int32Array(mentors),
    augmentations: 0,
  }
}

const seat = (state: FlowState, j: number, k: number): void => {
  state.slotMentee[state.slotStart[j]! + state.load[j]!] = k
  state.load[j]!++
}
const unseat = (state: FlowState, j: number, k: number): void => {
  const from = state.slotStart[j]!
  const last = from + --state.load[j]!
  for (let s = from; s <= last; s++)
    if (state.slotMentee[s] === k) {
      state.slotMentee[s] = state.slotMentee[last]!
      state.slotMentee[last] = -1
      return
    }
  throw new Error(`mentee ${k} is not seated with mentor ${j}`)
}

/**
 * Greedy start with every mentor price 0: a mentee takes a best-scoring mentor with a free place;
 * its reduced costs are then 0 on the pair and ≥ 0 elsewhere, as the paths need (its floor is at most
 * its best kept weight). Returns the rest.
 */
const greedyStart = (state: FlowState): number[] => {
  const { start, end, mentor, weight } = state.rows
  const { places } = state
  const deferred: number[] = []
  for (let i = 0; i < state.rows.mentees; i++) {
    const from = start[i]!
    const to = end[i]!
    if (from === to) continue
    let best = -1
    for (let e = from; e < to; e++) if (weight[e]! > best) best = weight[e]!
    let chosen = -1
    for (let e = from; e < to && chosen < 0; e++) if (weight[e] === best && state.load[mentor[e]!]! < places[mentor[e]!]!) chosen = e
    if (chosen < 0) {
      deferred.push(i)
      continue
    }
    state.potential[i] = best
    state.mentorOf[i] = mentor[chosen]!
    state.weightOf[i] = best
    seat(state, mentor[chosen]!, i)
  }
  return deferred
}

/** Passes of the row reduction over the mentees the greedy start left waiting (LAPJV runs two). */
const REDUCTION_PASSES = 2

/**
 * Augmenting row reduction (Jonker–Volgenant), before any shortest path: a waiting mentee i takes its
 * best kept pair (mentor j) and, when j has one place, raises j's price by best − second so that i
 * is exactly indifferent (second: its next best kept pair, the bound on its left-out pairs, or 0 for
 * going unmatched). j's previous mentee waits again with its old price, which still covers its pairs
 * (prices only rose). On a tie i takes its second mentor instead, so no price war starts. Every price
 * rule of the paths holds throughout: reduced costs ≥ 0, assigned pairs tight, a positive mentor
 * price only on a full mentor (a price is raised only on a mentor with one place, which it fills).
 * Mentees this cannot place at a strictly rising price are left to the shortest paths. Returns them.
 */
const reduceRows = (state: FlowState, waiting: readonly number[]): number[] => {
  const { rows, places, potential, mentorOf, weightOf, load, slotStart, slotMentee } = state
  const n = rows.mentees
  const { start, end, mentor, weight, floor, cap } = rows
  let queue = Int32Array.from(waiting)
  let left: number[] = []
  for (let pass = 0; pass < REDUCTION_PASSES && queue.length > 0; pass++) {
    left = []
    // A stack: a mentee displaced at a risen price is tried next (its prices are fresh in mind).
    const stack: number[] = []
    for (let q = queue.length - 1; q >= 0; q--) stack.push(queue[q]!)
    while (stack.length > 0) {
      const i = stack.pop()!
      // Going unmatched (0) and the pairs left out of the row (at most their floor) are alternatives.
      const alternative = Math.max(0, Math.min(floor[i]!, cap[i]!))
      let best = Number.NEGATIVE_INFINITY
      let second = Number.NEGATIVE_INFINITY
      let bestE = -1
      let secondE = -1
      for (let e = start[i]!; e < end[i]!; e++) {
        const value = weight[e]! + potential[n + mentor[e]!]!
        if (value > best) {
          second = best
          secondE = bestE
          best = value
          bestE = e
        } else if (value > second) {
          second = value
          secondE = e
        }
      }
      if (second <= alternative) {
        second = alternative
        secondE = -1
      }
      if (bestE < 0 || best <= alternative) {
        left.push(i)
        continue
      }
      let e = bestE
      let j = mentor[e]!
      let displaced = -1
      let price = best
      if (load[j]! < places[j]!) {
        // A free place: with one place the mentor fills and may charge what i's next best leaves.
        if (places[j] === 1) {
          potential[n + j]! -= best - second
          price = second
        }
      } else if (places[j] === 1 && best > second) {
        potential[n + j]! -= best - second
        price = second
        displaced = slotMentee[slotStart[j]!]!
      } else if (best === second && secondE >= 0) {
        // A tie: the second mentor at its unchanged price (a free place there, or its mentee waits again).
        e = secondE
        j = mentor[e]!
        if (load[j]! >= places[j]!) {
          if (places[j] !== 1) {
            left.push(i)
            continue
          }
          displaced = slotMentee[slotStart[j]!]!
        }
      } else {
        left.push(i)
        continue
      }
      if (displaced >= 0) {
        unseat(state, j, displaced)
        mentorOf[displaced] = -1
        // Displaced at a risen price: tried again at once; at the same price (a tie): in the next pass.
        if (price < best) stack.push(displaced)
        else left.push(displaced)
      }
      potential[i] = price
      mentorOf[i] = j
      weightOf[i] = weight[e]!
      seat(state, j, i)
    }
    queue = Int32Array.from(left)
  }
  return left
}

/** Reads of a row by searches before it is sorted again at the prices then (they only rise). */
const RESORT_AFTER = 32

/** Searches between two price shifts in a full cohort (a shift costs a pass over everyone). */
const SHIFT_EVERY = 256

/** One shortest path per deferred mentee (see the top of the file); false when `poll` stopped it. */
const augmentAll = (
  state: FlowState,
  deferred: readonly number[],
  widen: Widen,
  scale: number,
  poll: (fraction: number) => boolean,
): boolean => {
  const { rows, places, potential, mentorOf, weightOf, slotStart, slotMentee, load } = state
  const n = rows.mentees
  const m = state.mentors
  const { start, end, floor, cap } = rows
  const distance = new Float64Array(n + m).fill(Number.POSITIVE_INFINITY)
  const settled = new Uint8Array(n + m)
  const predecessorMentee = new Int32Array(m)
  const predecessorWeight = new Float64Array(m)
  // Nodes whose distance was set, and nodes settled, in this search (each at most once).
  const touched = new Int32Array(n + m)
  let touchedCount = 0
  const settledNodes = new Int32Array(n + m)
  let settledCount = 0
  const heap = new Heap()
  // Node ids n + m + i stand for "widen row i".
  const widenEvent = n + m
  // The least mentor price (a lower bound, refreshed now and then; prices only rise).
  let leastMentorPrice = 0
  const refreshLeastMentorPrice = (): void => {
    let least = Number.POSITIVE_INFINITY
    for (let j = 0; j < m; j++) if (places[j]! > 0) least = Math.min(least, -potential[n + j]!)
    leastMentorPrice = least === Number.POSITIVE_INFINITY ? 0 : Math.max(0, least)
  }
  /** What the pairs left out of row x can weigh at most, less the price of their mentor. */
  const boundOf = (x: number): number => Math.min(floor[x]!, cap[x]! - leastMentorPrice)
  let settledSinceRefresh = 0
  let free = 0
  for (let j = 0; j < m; j++) free += places[j]! - load[j]!
  let searchesSinceShift = Number.POSITIVE_INFINITY
  /**
   * With every place taken, lowering every matched mentee's price and raising every mentor's by the
   * same δ (at most the least matched mentee's price) keeps every reduced cost, and so the optimum;
   * without it the first search in a full cohort would cost a bonus and reach every pair there is.
   */
  const shiftPrices = (): void => {
    let delta = Number.POSITIVE_INFINITY
    for (let i = 0; i < n; i++) if (mentorOf[i]! >= 0) delta = Math.min(delta, potential[i]!)
    if (!(delta > 0 && delta < Number.POSITIVE_INFINITY)) return
    for (let i = 0; i < n; i++)
      if (mentorOf[i]! >= 0) {
        potential[i]! -= delta
        floor[i]! -= delta
        rows.farFloor[i]! -= delta
      }
    for (let j = 0; j < m; j++) if (places[j]! > 0) potential[n + j]! -= delta
    leastMentorPrice += delta
  }
  let sinkDistance = 0
  let sinkFrom = -1
  let sinkViaMentor = false
  /**
   * Relaxes mentee x's kept pairs from distance d. No test for settled mentors or x's own mentor is
   * needed: reduced costs are ≥ 0 and whole, so `next` is never below a settled mentor's distance
   * (x's own mentor was settled before x, the only way into x). A mentor with a free place ends a
   * path at once (its price is 0): the sink's distance drops at the relaxation, not when the mentor
   * comes out of the queue, which spares the search the many ties in front of it.
   */
  const relaxRow = (x: number, d: number): void => {
    if (++rows.reads[x]! === RESORT_AFTER) rows.sortRow(x, potential, n, scale)
    const { mentor, weight, key } = rows
    const base = d + potential[x]!
    for (let e = start[x]!, to = end[x]!; e < to; e++) {
      // The rest of the row reduces to at most key[e]: no shorter path there.
      if (key[e]! <= base - sinkDistance) break
      const j = mentor[e]!
      const node = n + j
      const next = base - potential[node]! - weight[e]!
      if (next < distance[node]! && next < sinkDistance) {
        if (distance[node] === Number.POSITIVE_INFINITY) touched[touchedCount++] = node
        distance[node] = next
        predecessorMentee[j] = x
        predecessorWeight[j] = weight[e]!
        if (load[j]! < places[j]! && next + potential[node]! < sinkDistance) {
          sinkDistance = next + potential[node]!
          sinkFrom = j
          sinkViaMentor = true
        } else heap.push(next, node)
      }
    }
  }
  for (let done = 0; done < deferred.length; done++) {
    if ((done & 31) === 0 && poll(done / deferred.length)) return false
    const source = deferred[done]!
    // The source's price covers its kept pairs and its floor, so every reduced cost from it is ≥ 0.
    if (settledSinceRefresh > n + m) {
      refreshLeastMentorPrice()
      settledSinceRefresh = 0
    }
    if (free === 0 && searchesSinceShift >= SHIFT_EVERY) {
      shiftPrices()
      searchesSinceShift = 0
    }
    searchesSinceShift++
    let price = Math.max(0, boundOf(source))
    for (let e = start[source]!; e < end[source]!; e++) price = Math.max(price, potential[n + rows.mentor[e]!]! + rows.weight[e]!)
    potential[source] = price
    // The sink is reached through a mentee going unmatched (its price) or a mentor with a free place.
    sinkDistance = price
    sinkFrom = source
    sinkViaMentor = false
    distance[source] = 0
    touched[touchedCount++] = source
    heap.push(0, source)
    while (heap.size > 0) {
      const d = heap.keys[0]!
      const x = heap.nodes[0]!
      heap.pop()
      if (d >= sinkDistance) break
      if (x >= widenEvent) {
        const i = x - widenEvent
        // Stale when the row was widened since this event was queued.
        if (d !== distance[i]! + potential[i]! - boundOf(i)) continue
        widen(i, potential[i]!, potential, sinkDistance - distance[i]!, potential[i]! - boundOf(i))
        relaxRow(i, distance[i]!)
        // An event at or beyond the best end found so far would never come out of the queue.
        const again = distance[i]! + potential[i]! - boundOf(i)
        if (floor[i]! > Number.NEGATIVE_INFINITY && again < sinkDistance) heap.push(again, widenEvent + i)
        continue
      }
      if (settled[x] === 1) continue
      settled[x] = 1
      settledNodes[settledCount++] = x
      if (x < n) {
        relaxRow(x, d)
        const widenAt = d + potential[x]! - boundOf(x)
        if (floor[x]! > Number.NEGATIVE_INFINITY && widenAt < sinkDistance) heap.push(widenAt, widenEvent + x)
        if (x !== source && d + potential[x]! < sinkDistance) {
          sinkDistance = d + potential[x]!
          sinkFrom = x
          sinkViaMentor = false
        }
      } else {
        const j = x - n
        const price = potential[x]!
        if (load[j]! < places[j]! && d + price < sinkDistance) {
          sinkDistance = d + price
          sinkFrom = j
          sinkViaMentor = true
        }
        for (let s = slotStart[j]!; s < slotStart[j]! + load[j]!; s++) {
          const k = slotMentee[s]!
          if (settled[k] === 1) continue
          const next = d + weightOf[k]! + price - potential[k]!
          if (next < distance[k]! && next < sinkDistance) {
            if (distance[k] === Number.POSITIVE_INFINITY) touched[touchedCount++] = k
            distance[k] = next
            // k going unmatched ends a path too (at its price): known now, not when k is settled.
            if (next + potential[k]! < sinkDistance) {
              sinkDistance = next + potential[k]!
              sinkFrom = k
              sinkViaMentor = false
            }
            heap.push(next, k)
          }
        }
      }
    }
    heap.size = 0
    for (let t = 0; t < settledCount; t++) {
      const x = settledNodes[t]!
      potential[x] = potential[x]! + distance[x]! - sinkDistance
    }
    // The path's last node, when found at a relaxation and never settled, moves like a settled one
    // (to price 0: a mentor with a free place, or a mentee going unmatched).
    const sinkNode = sinkViaMentor ? n + sinkFrom : sinkFrom
    if (settled[sinkNode] === 0) potential[sinkNode] = potential[sinkNode]! + distance[sinkNode]! - sinkDistance

    // Augment backwards from the sink: each mentor on the path takes the mentee before it.
    let fill: number
    if (sinkViaMentor) fill = sinkFrom
    else if (sinkFrom === source) fill = -1
    else {
      // The path ends with a mentee leaving its mentor for "unmatched".
      fill = mentorOf[sinkFrom]!
      unseat(state, fill, sinkFrom)
      mentorOf[sinkFrom] = -1
    }
    while (fill >= 0) {
      const k = predecessorMentee[fill]!
      const previous = mentorOf[k]!
      if (previous >= 0) unseat(state, previous, k)
      seat(state, fill, k)
      mentorOf[k] = fill
      weightOf[k] = predecessorWeight[fill]!
      fill = previous
    }
    settledSinceRefresh += settledCount
    if (sinkViaMentor) free--
    for (let t = 0; t < touchedCount; t++) {
      distance[touched[t]!] = Number.POSITIVE_INFINITY
      settled[touched[t]!] = 0
    }
    touchedCount = 0
    settledCount = 0
  }
  state.augmentations += deferred.length
  poll(1)
  return true
}

/**
 * Solves over the rows, widening them as needed; `poll(fraction)` is called now and then and stops
 * the run (null) when it returns true. With every weight raised by a bonus above places × max score,
 * the optimum matches the most mentees first; with no bonus it is the highest total, and ties go to
 * matching more.
 */
export const solveCohortFlow = (
  rows: CohortRows,
  mentors: number,
  places: Int32Array,
  widen: Widen,
  scale: number,
  poll: (fraction: number) => boolean,
): FlowState | null => {
  const state = stateOf(rows, mentors, places)
  for (let i = 0; i < rows.mentees; i++) rows.sortRow(i, state.potential, rows.mentees, scale)
  return augmentAll(state, reduceRows(state, greedyStart(state)), widen, scale, poll) ? state : null
}
