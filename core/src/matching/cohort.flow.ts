// The exact solver behind whole-cohort matching: a min-cost flow where every mentee ships one unit
// either through a candidate pair to a mentor's place (cost −weight) or to "unmatched" (cost 0),
// solved by successive shortest paths (Dijkstra on reduced costs, potentials kept, Jonker–Volgenant
// style) after a greedy start. Sparse: only candidate pairs, in typed arrays (CSR), never a matrix.
//
// Potentials π (sink fixed at 0) give the dual prices: mentee max(0, π), mentor max(0, −π).

/** Candidate pairs per mentee (CSR): edges edgeStart[i]..edgeStart[i+1]−1. Weights are whole numbers ≥ 0. */
export type CohortGraph = {
  readonly mentees: number
  readonly mentors: number
  readonly edgeStart: Int32Array
  readonly edgeMentor: Int32Array
  readonly edgeWeight: Float64Array
  readonly places: Int32Array
}

export type FlowSolution = {
  /** Mentor of each mentee, −1 when unmatched. */
  readonly mentorOf: Int32Array
  /** The edge each matched mentee uses, −1 when unmatched. */
  readonly edgeOf: Int32Array
  /** Mentees 0..n−1, then mentors n..n+m−1. */
  readonly potential: Float64Array
  readonly augmentations: number
  readonly graph: CohortGraph
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
  /** Removes the minimum; read it from topKey/topNode before. */
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

/** The solver's state, kept between rounds so that added pairs repair it instead of starting over. */
export type FlowState = {
  graph: CohortGraph
  readonly mentorOf: Int32Array
  readonly edgeOf: Int32Array
  readonly potential: Float64Array
  readonly slotStart: Int32Array
  readonly slotMentee: Int32Array
  readonly load: Int32Array
  augmentations: number
}

const stateOf = (graph: CohortGraph): FlowState => {
  const { mentees: n, mentors: m, places } = graph
  const slotStart = new Int32Array(m + 1)
  for (let j = 0; j < m; j++) slotStart[j + 1] = slotStart[j]! + places[j]!
  return {
    graph,
    mentorOf: new Int32Array(n).fill(-1),
    edgeOf: new Int32Array(n).fill(-1),
    potential: new Float64Array(n + m),
    slotStart,
    slotMentee: new Int32Array(slotStart[m]!).fill(-1),
    load: new Int32Array(m),
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
 * its reduced costs are then 0 on the pair and ≥ 0 elsewhere, as the paths need. Returns the rest.
 */
const greedyStart = (state: FlowState): number[] => {
  const { edgeStart, edgeMentor, edgeWeight, places, mentees: n } = state.graph
  const deferred: number[] = []
  for (let i = 0; i < n; i++) {
    const from = edgeStart[i]!
    const to = edgeStart[i + 1]!
    if (from === to) continue
    let best = -1
    for (let e = from; e < to; e++) if (edgeWeight[e]! > best) best = edgeWeight[e]!
    let chosen = -1
    for (let e = from; e < to && chosen < 0; e++)
      if (edgeWeight[e] === best && state.load[edgeMentor[e]!]! < places[edgeMentor[e]!]!) chosen = e
    if (chosen < 0) {
      deferred.push(i)
      continue
    }
    state.potential[i] = best
    state.mentorOf[i] = edgeMentor[chosen]!
    state.edgeOf[i] = chosen
    seat(state, edgeMentor[chosen]!, i)
  }
  return deferred
}

/** One shortest path per deferred mentee (see the top of the file); false when `poll` stopped it. */
const augmentAll = (state: FlowState, deferred: readonly number[], poll: (fraction: number) => boolean): boolean => {
  const { mentees: n, mentors: m, edgeStart, edgeMentor, edgeWeight, places } = state.graph
  const { potential, mentorOf, edgeOf, slotStart, slotMentee, load } = state
  const distance = new Float64Array(n + m).fill(Number.POSITIVE_INFINITY)
  const settled = new Uint8Array(n + m)
  const predecessorMentee = new Int32Array(m)
  const predecessorEdge = new Int32Array(m)
  const touched: number[] = []
  const settledNodes: number[] = []
  const heap = new Heap()
  for (let done = 0; done < deferred.length; done++) {
    if ((done & 31) === 0 && poll(done / deferred.length)) return false
    const source = deferred[done]!
    let start = 0
    for (let e = edgeStart[source]!; e < edgeStart[source + 1]!; e++)
      start = Math.max(start, potential[n + edgeMentor[e]!]! + edgeWeight[e]!)
    potential[source] = start
    // The sink is reached through a mentee going unmatched (its price) or a mentor with a free place.
    let sinkDistance = start
    let sinkFrom = source
    let sinkViaMentor = false
    distance[source] = 0
    touched.push(source)
    heap.push(0, source)
    while (heap.size > 0) {
      const d = heap.keys[0]!
      const x = heap.nodes[0]!
      heap.pop()
      if (settled[x] === 1) continue
      if (d >= sinkDistance) break
      settled[x] = 1
      settledNodes.push(x)
      if (x < n) {
        const price = potential[x]!
        const own = edgeOf[x]!
        for (let e = edgeStart[x]!; e < edgeStart[x + 1]!; e++) {
          if (e === own) continue
          const node = n + edgeMentor[e]!
          if (settled[node] === 1) continue
          const next = d + price - potential[node]! - edgeWeight[e]!
          if (next < distance[node]!) {
            if (distance[node] === Number.POSITIVE_INFINITY) touched.push(node)
            distance[node] = next
            predecessorMentee[node - n] = x
            predecessorEdge[node - n] = e
            heap.push(next, node)
          }
        }
        if (x !== source && d + price < sinkDistance) {
          sinkDistance = d + price
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
          const next = d + edgeWeight[edgeOf[k]!]! + price - potential[k]!
          if (next < distance[k]!) {
            if (distance[k] === Number.POSITIVE_INFINITY) touched.push(k)
            distance[k] = next
            heap.push(next, k)
          }
        }
      }
    }
    heap.size = 0
    for (const x of settledNodes) potential[x] = potential[x]! + distance[x]! - sinkDistance

    // Augment backwards from the sink: each mentor on the path takes the mentee before it.
    let fill: number
    if (sinkViaMentor) fill = sinkFrom
    else if (sinkFrom === source) fill = -1
    else {
      // The path ends with a mentee leaving its mentor for "unmatched".
      fill = mentorOf[sinkFrom]!
      unseat(state, fill, sinkFrom)
      mentorOf[sinkFrom] = -1
      edgeOf[sinkFrom] = -1
    }
    while (fill >= 0) {
      const k = predecessorMentee[fill]!
      const previous = mentorOf[k]!
      if (previous >= 0) unseat(state, previous, k)
      seat(state, fill, k)
      mentorOf[k] = fill
      edgeOf[k] = predecessorEdge[fill]!
      fill = previous
    }
    for (const x of touched) {
      distance[x] = Number.POSITIVE_INFINITY
      settled[x] = 0
    }
    touched.length = 0
    settledNodes.length = 0
  }
  state.augmentations += deferred.length
  poll(1)
  return true
}

/**
 * Solves the graph from scratch; `poll(fraction)` is called now and then and stops the run (null)
 * when it returns true. With every weight raised by a bonus above places × max score, the optimum
 * matches the most mentees first; with no bonus it is the highest total, and ties go to matching more.
 */
export const solveCohortFlow = (graph: CohortGraph, poll: (fraction: number) => boolean): FlowState | null => {
  const state = stateOf(graph)
  return augmentAll(state, greedyStart(state), poll) ? state : null
}

/**
 * Re-solves after pairs were added to some mentees' rows (`graph` = the old rows, each followed by
 * its additions): the mentees whose new pairs undercut their price are released, and so is every
 * mentee whose pair to a released mentor would undercut that mentor's price once it drops to 0
 * (a mentor with a free place has none); only they take new shortest paths.
 */
export const resolveCohortFlow = (
  state: FlowState,
  graph: CohortGraph,
  changedRows: readonly number[],
  poll: (fraction: number) => boolean,
): boolean => {
  const { mentees: n, mentors: m, edgeStart, edgeMentor, edgeWeight } = graph
  const old = state.graph
  for (let i = 0; i < n; i++) if (state.edgeOf[i]! >= 0) state.edgeOf[i] = edgeStart[i]! + (state.edgeOf[i]! - old.edgeStart[i]!)
  state.graph = graph
  const { potential, mentorOf, edgeOf } = state
  // Pairs into each mentor (transposed rows), to find who a price drop affects.
  const intoStart = new Int32Array(m + 1)
  for (let e = 0; e < edgeMentor.length; e++) intoStart[edgeMentor[e]! + 1]!++
  for (let j = 0; j < m; j++) intoStart[j + 1]! += intoStart[j]!
  const intoEdge = new Int32Array(edgeMentor.length)
  const intoMentee = new Int32Array(edgeMentor.length)
  const fill = intoStart.slice(0, m)
  for (let i = 0; i < n; i++)
    for (let e = edgeStart[i]!; e < edgeStart[i + 1]!; e++) {
      const at = fill[edgeMentor[e]!]!++
      intoEdge[at] = e
      intoMentee[at] = i
    }

  const released = new Uint8Array(n)
  const deferred: number[] = []
  const dropped: number[] = []
  const release = (i: number): void => {
    if (released[i] === 1) return
    released[i] = 1
    deferred.push(i)
    const j = mentorOf[i]!
    if (j < 0) return
    unseat(state, j, i)
    mentorOf[i] = -1
    edgeOf[i] = -1
    if (potential[n + j]! < 0) dropped.push(j)
  }
  for (const i of changedRows) release(i)
  while (dropped.length > 0) {
    const j = dropped.pop()!
    const price = -potential[n + j]!
    if (price <= 0 || state.load[j]! >= graph.places[j]!) continue
    // The mentor's price drops to 0; its seated mentees keep their tight pairs by rising as much.
    potential[n + j] = 0
    for (let s = state.slotStart[j]!; s < state.slotStart[j]! + state.load[j]!; s++) potential[state.slotMentee[s]!]! += price
    for (let at = intoStart[j]!; at < intoStart[j + 1]!; at++) {
      const a = intoMentee[at]!
      if (released[a] === 1 || mentorOf[a] === j) continue
      if (potential[a]! - edgeWeight[intoEdge[at]!]! < 0) release(a)
    }
  }
  return augmentAll(state, deferred, poll)
}
