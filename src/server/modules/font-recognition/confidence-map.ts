/**
 * The confidence an answer states, mapped from the model's probability for its best family to the
 * share of such answers that are right among the uploads the tool is calibrated for: in-library and
 * out-of-library fonts taken as equally likely (calibrate-open-set.ts). A temperature fitted on
 * in-library images alone says how often the best of the library's families is the right one when
 * the font is in the library; it cannot know that a visitor's font may not be, so an unflagged
 * answer about a font outside the library came with the confidence of one inside it.
 *
 * The map is a monotone (isotonic) fit: knots [probability, share right], read by linear
 * interpolation and held flat beyond the first and last knots.
 */
export type ConfidenceMap = [number, number][];

/** The mapped confidence of `probability` (the probability itself without a map). */
export function applyConfidenceMap(probability: number, map: ConfidenceMap | undefined): number {
  if (!map || map.length === 0) return probability;
  const first = map[0]!;
  const last = map[map.length - 1]!;
  if (probability <= first[0]) return first[1];
  if (probability >= last[0]) return last[1];
  let i = 1;
  while (map[i]![0] < probability) i++;
  const [x0, y0] = map[i - 1]!;
  const [x1, y1] = map[i]!;
  return x1 === x0 ? y1 : y0 + ((y1 - y0) * (probability - x0)) / (x1 - x0);
}

/**
 * Fits the map by pool-adjacent-violators on weighted (probability, right) pairs: the
 * non-decreasing step function closest to the outcomes in weighted least squares, one knot per
 * pooled block at its weighted mean probability. Blocks lighter than `minBlockWeight` (a share of
 * the total weight) are pooled with their neighbour, so that a knot never rests on a handful of
 * images.
 */
export function fitConfidenceMap(
  pairs: { probability: number; right: boolean; weight: number }[],
  minBlockWeight = 0.02,
): ConfidenceMap {
  const sorted = [...pairs].filter((p) => p.weight > 0).sort((a, b) => a.probability - b.probability);
  const total = sorted.reduce((s, p) => s + p.weight, 0);
  if (sorted.length === 0 || total === 0) return [];
  type Block = { weight: number; x: number; y: number };
  const merge = (a: Block, b: Block): Block => {
    const weight = a.weight + b.weight;
    return { weight, x: (a.x * a.weight + b.x * b.weight) / weight, y: (a.y * a.weight + b.y * b.weight) / weight };
  };
  const blocks: Block[] = [];
  for (const p of sorted) {
    blocks.push({ weight: p.weight, x: p.probability, y: p.right ? 1 : 0 });
    // Pool while the last two blocks violate the order.
    while (blocks.length > 1 && blocks[blocks.length - 2]!.y >= blocks[blocks.length - 1]!.y) {
      const b = blocks.pop()!;
      blocks.push(merge(blocks.pop()!, b));
    }
  }
  // Light blocks join the neighbour whose share right is closer (order is kept: pooling neighbours
  // of a non-decreasing sequence stays non-decreasing).
  for (let i = 0; i < blocks.length && blocks.length > 1;) {
    if (blocks[i]!.weight >= minBlockWeight * total) {
      i++;
      continue;
    }
    const left = blocks[i - 1];
    const right = blocks[i + 1];
    const j = !left || (right && Math.abs(right.y - blocks[i]!.y) <= Math.abs(blocks[i]!.y - left.y)) ? i + 1 : i - 1;
    const lo = Math.min(i, j);
    blocks.splice(lo, 2, merge(blocks[lo]!, blocks[lo + 1]!));
    i = Math.max(0, lo - 1);
  }
  return blocks.map((b) => [round4(b.x), round4(b.y)]);
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * The confidence of an unflagged answer from two readings instead of one: the model's probability
 * for its best family and the open-set score's closeness (how near the image is to that family).
 * A logistic fit, P(right) = sigmoid(a * log-odds(probability) + b * closeness + c), on the same
 * weighted images as the map (decision 0030). The probability alone says how sure the model is among
 * the library's families; the closeness says whether the font looks like one of them at all, so an
 * unseen font that is only just above the "not in our library" bar states a lower confidence.
 */
export interface ConfidenceModel {
  probabilityLogOdds: number;
  closeness: number;
  intercept: number;
}

/** Probabilities are read between 0.01 and 0.99: the answers round them to two decimals. */
const logOdds = (p: number) => {
  const q = Math.min(0.99, Math.max(0.01, p));
  return Math.log(q / (1 - q));
};

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function applyConfidenceModel(probability: number, closeness: number, model: ConfidenceModel): number {
  return sigmoid(model.probabilityLogOdds * logOdds(probability) + model.closeness * closeness + model.intercept);
}

/**
 * Weighted logistic regression on the two readings by Newton's method (three parameters), with a
 * tiny ridge on the two slopes (not the intercept) so that a set the readings separate perfectly
 * still gives finite weights.
 */
export function fitConfidenceModel(
  rows: { probability: number; closeness: number; right: boolean; weight: number }[],
  ridge = 1e-6,
): ConfidenceModel {
  const total = rows.reduce((s, r) => s + r.weight, 0);
  if (rows.length === 0 || total === 0) return { probabilityLogOdds: 1, closeness: 0, intercept: 0 };
  const xs = rows.map((r) => [logOdds(r.probability), r.closeness, 1] as const);
  const w = [0, 0, 0];
  for (let iter = 0; iter < 50; iter++) {
    const grad = [0, 0, 0];
    const hess = [
      [ridge, 0, 0],
      [0, ridge, 0],
      [0, 0, 1e-12],
    ];
    rows.forEach((r, i) => {
      const x = xs[i]!;
      const p = sigmoid(w[0]! * x[0] + w[1]! * x[1] + w[2]! * x[2]);
      const v = r.weight / total;
      for (let a = 0; a < 3; a++) {
        grad[a]! += v * ((r.right ? 1 : 0) - p) * x[a]!;
        for (let b = 0; b < 3; b++) hess[a]![b]! += v * p * (1 - p) * x[a]! * x[b]!;
      }
    });
    for (let a = 0; a < 2; a++) grad[a]! -= ridge * w[a]!;
    const step = solve3(hess, grad);
    for (let a = 0; a < 3; a++) w[a]! += step[a]!;
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { probabilityLogOdds: round4(w[0]!), closeness: round4(w[1]!), intercept: round4(w[2]!) };
}

/** Solves the 3x3 system m * x = v (Cramer's rule; m is positive definite here). */
function solve3(m: number[][], v: number[]): number[] {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  return [0, 1, 2].map((col) => det(m.map((row, i) => row.map((x, j) => (j === col ? v[i]! : x)))) / d);
}
