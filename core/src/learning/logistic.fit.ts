// An L2-regularised logistic regression with a seeded bootstrap, for learning from outcomes
// (docs/learning.md#the-model). Plain loops over typed arrays: the fit of 20,000 teams x 40 questions
// with its bootstrap has to stay within a few seconds on one core (docs/decisions/0036-learning.md).
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

/** Rows of features (each in [0, 1]) and their labels, row-major: `features[row * columns + column]`. */
export type LogisticData = {
  readonly rows: number
  readonly columns: number
  readonly features: Float64Array
  readonly labels: Uint8Array
}

export type LogisticSettings = {
  /** The L2 penalty on every coefficient but the intercept. */
  readonly penalty: number
  readonly replicates: number
  readonly seed: number
}

export type LogisticFit = {
  readonly intercept: number
  readonly coefficients: readonly number[]
  /** Per coefficient, its bootstrap replicates' standard deviation. */
  readonly standardErrors: readonly number[]
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)))

/**
 * The penalised log-likelihood's gradient and (negated) Hessian at `beta` (intercept first), each row
 * counted `weights[row]` times. The Hessian is filled in its upper triangle, then mirrored.
 */
const gradientAndHessian = (data: LogisticData, beta: Float64Array, weights: Uint32Array | null, penalty: number) => {
  const size = data.columns + 1
  const gradient = new Float64Array(size)
  const hessian = new Float64Array(size * size)
  const x = new Float64Array(size)
  x[0] = 1
  for (let row = 0; row < data.rows; row++) {
    const weight = weights === null ? 1 : weights[row]!
    if (weight === 0) continue
    const offset = row * data.columns
    let z = beta[0]!
    for (let c = 0; c < data.columns; c++) {
      const value = data.features[offset + c]!
      x[c + 1] = value
      z += beta[c + 1]! * value
    }
    const p = sigmoid(z)
    const residual = weight * (data.labels[row]! - p)
    const curvature = weight * p * (1 - p)
    for (let i = 0; i < size; i++) {
      const xi = x[i]!
      if (xi === 0) continue
      gradient[i] = gradient[i]! + residual * xi
      const scaled = curvature * xi
      const base = i * size
      for (let j = i; j < size; j++) hessian[base + j] = hessian[base + j]! + scaled * x[j]!
    }
  }
  for (let i = 1; i < size; i++) {
    gradient[i] = gradient[i]! - penalty * beta[i]!
    hessian[i * size + i] = hessian[i * size + i]! + penalty
  }
  for (let i = 0; i < size; i++) for (let j = 0; j < i; j++) hessian[i * size + j] = hessian[j * size + i]!
  return { gradient, hessian }
}

/** Solves `matrix · x = vector` for a symmetric positive definite matrix (Cholesky); null when it is not. */
export const solveSymmetric = (matrix: Float64Array, vector: Float64Array, size: number): Float64Array | null => {
  const lower = new Float64Array(size * size)
  for (let i = 0; i < size; i++)
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i * size + j]!
      for (let k = 0; k < j; k++) sum -= lower[i * size + k]! * lower[j * size + k]!
      if (i === j) {
        if (!(sum > 1e-12)) return null
        lower[i * size + i] = Math.sqrt(sum)
      } else lower[i * size + j] = sum / lower[j * size + j]!
    }
  const y = new Float64Array(size)
  for (let i = 0; i < size; i++) {
    let sum = vector[i]!
    for (let k = 0; k < i; k++) sum -= lower[i * size + k]! * y[k]!
    y[i] = sum / lower[i * size + i]!
  }
  const x = new Float64Array(size)
  for (let i = size - 1; i >= 0; i--) {
    let sum = y[i]!
    for (let k = i + 1; k < size; k++) sum -= lower[k * size + i]! * x[k]!
    x[i] = sum / lower[i * size + i]!
  }
  return x
}

const MAX_NEWTON_STEPS = 50
const CONVERGED = 1e-9

/** Newton's method from zero; the penalty keeps the Hessian positive definite for every coefficient. */
const fitBeta = (data: LogisticData, penalty: number): Float64Array => {
  let beta = new Float64Array(data.columns + 1)
  for (let step = 0; step < MAX_NEWTON_STEPS; step++) {
    const { gradient, hessian } = gradientAndHessian(data, beta, null, penalty)
    const delta = solveSymmetric(hessian, gradient, data.columns + 1)
    if (delta === null) break
    let largest = 0
    beta = beta.map((b, i) => b + delta[i]!)
    for (const d of delta) largest = Math.max(largest, Math.abs(d))
    if (largest < CONVERGED) break
  }
  return beta
}

/**
 * Fits the model, then estimates each coefficient's uncertainty by resampling the rows with
 * replacement (seeded, so the same data and seed give the same answer). Each replicate takes one
 * Newton step from the full fit with the replicate's own gradient and Hessian (a one-step
 * bootstrap): its standard errors agree with those of a full refit of every resample within the
 * bootstrap's own sampling noise (fixtures/test/learning.one-step-bootstrap.test.ts).
 */
export const fitLogistic = (data: LogisticData, settings: LogisticSettings): LogisticFit => {
  const beta = fitBeta(data, settings.penalty)
  const size = data.columns + 1
  const sums = new Float64Array(size)
  const squares = new Float64Array(size)
  const generator = xoroshiro128plus(settings.seed)
  const weights = new Uint32Array(data.rows)
  let used = 0
  for (let replicate = 0; replicate < settings.replicates; replicate++) {
    weights.fill(0)
    for (let draw = 0; draw < data.rows; draw++) {
      const row = uniformInt(generator, 0, data.rows - 1)
      weights[row] = weights[row]! + 1
    }
    const { gradient, hessian } = gradientAndHessian(data, beta, weights, settings.penalty)
    const delta = solveSymmetric(hessian, gradient, size)
    if (delta === null) continue
    used += 1
    for (let i = 0; i < size; i++) {
      const value = beta[i]! + delta[i]!
      sums[i] = sums[i]! + value
      squares[i] = squares[i]! + value * value
    }
  }
  const standardErrors = Array.from({ length: data.columns }, (_, c) => {
    if (used < 2) return Number.POSITIVE_INFINITY
    const mean = sums[c + 1]! / used
    return Math.sqrt(Math.max(0, (squares[c + 1]! - used * mean * mean) / (used - 1)))
  })
  return { intercept: beta[0]!, coefficients: Array.from(beta.subarray(1)), standardErrors }
}
