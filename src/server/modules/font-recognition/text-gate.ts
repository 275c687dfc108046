// The text gate's decision: whether the lines found in an image hold readable text, text too small or
// blurry to read, or no text at all. The gate model (text-gate.onnx) scores each model window as
// none / text / unreadable; here those scores become one verdict per image, with thresholds fitted
// by ml/font-recognition/calibrate-gate.ts. A "none" verdict can name doubtful lines for a second
// look by the font model (analyze-image.ts): a short word in a calligraphic hand can look like a
// scribble to the small gate, but it sits close to a family the font model knows, and a texture
// does not.

export interface GateConfig {
  classes: string[];
  input: { name: string; height: number; width: number };
  thresholds: {
    /** A line whose mean P(none) is at or above this is not text. */
    none: number;
    /** A text line whose mean P(unreadable) share is at or above this is too small or blurry to read. */
    unreadable: number;
    /**
     * The second look: when no line passes `none`, the lines whose P(none) is under `rescue.none`
     * are shown to the font model, and kept when their second-look score (secondLookScore: the
     * closeness to the best family, less `doubt` times the gate's P(none)) reaches `rescue.centroid`,
     * a bar that at most 0.2% of text-free calibration images reach. A line softer than
     * `rescue.sharpness` (edgeSharpness of its windows) gets no second look: a blurred band of a
     * gradient can sit as close to a family as a word, but it has no stroke edges. Absent: no
     * second look.
     */
    rescue?: { none: number; centroid: number; doubt?: number; sharpness?: number };
  };
}

export type GateVerdict =
  | { kind: "text"; /** Indexes of the lines that hold readable text, in their original order. */ lines: number[] }
  | { kind: "none"; /** Lines for the second look (GateConfig rescue), in their original order. */ doubtful: number[] }
  | { kind: "unreadable" };

export interface LineScores {
  none: number;
  text: number;
  unreadable: number;
  /** The edge sharpness of the line's windows (edgeSharpness, averaged), when it was measured. */
  sharpness?: number;
}

/**
 * How sharp a model window's edges are: the energy of its pixel differences over the energy of its
 * ink. A letter's strokes have edges a pixel or two wide at the model's height; a blurred band has
 * none, however its outline reads to the font model.
 */
export function edgeSharpness(window: Float32Array, width: number, height: number): number {
  let edges = 0;
  let ink = 0;
  for (let y = 0; y < height - 1; y++)
    for (let x = 0; x < width - 1; x++) {
      const v = window[y * width + x]!;
      const dx = window[y * width + x + 1]! - v;
      const dy = window[(y + 1) * width + x]! - v;
      edges += dx * dx + dy * dy;
      ink += v * v;
    }
  return ink > 0 ? edges / ink : 0;
}

function softmax(xs: number[]): number[] {
  const m = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

/** Mean class probabilities of each line's windows (`lineOf[k]` is the line of window k). */
export function scoreLines(logits: Float32Array, lineOf: number[], lines: number, classes: string[]): LineScores[] {
  const C = classes.length;
  const sums = Array.from({ length: lines }, () => new Array<number>(C).fill(0));
  const counts = new Array<number>(lines).fill(0);
  lineOf.forEach((line, k) => {
    const p = softmax(Array.from(logits.subarray(k * C, (k + 1) * C)));
    p.forEach((v, c) => (sums[line]![c]! += v));
    counts[line]!++;
  });
  const at = (name: string) => classes.indexOf(name);
  return sums.map((s, i) => {
    const n = Math.max(1, counts[i]!);
    return { none: s[at("none")]! / n, text: s[at("text")]! / n, unreadable: s[at("unreadable")]! / n };
  });
}

/**
 * What the second look weighs: how close the font model finds the doubtful lines to the best family
 * (cosine to its centroid), less `doubt` (rescue.doubt) times the gate's P(none) for the least doubtful of them. A
 * short Arabic word can sit at a middling closeness, like a texture, but the gate doubts a texture
 * far more; each reading alone separates them less well than the two together.
 */
export function secondLookScore(centroid: number, scores: LineScores[], doubt: number): number {
  const none = Math.min(...scores.map((l) => l.none));
  return centroid - doubt * (Number.isFinite(none) ? none : 1);
}

/**
 * No line that looks like text: "none", with the lines doubtful enough for a second look. Text
 * lines, but none of them readable: "unreadable". Otherwise the readable text lines, so the font is
 * read from them and not from a photo's edges.
 */
export function gateVerdict(scores: LineScores[], thresholds: GateConfig["thresholds"]): GateVerdict {
  const indexed = scores.map((s, i) => ({ s, i }));
  const textLike = indexed.filter(({ s }) => s.none < thresholds.none);
  if (textLike.length === 0) {
    const bar = thresholds.rescue?.none ?? -Infinity;
    const soft = thresholds.rescue?.sharpness ?? -Infinity;
    return {
      kind: "none",
      doubtful: indexed.filter(({ s }) => s.none < bar && (s.sharpness ?? Infinity) >= soft).map(({ i }) => i),
    };
  }
  const readable = textLike.filter(
    ({ s }) => s.unreadable / Math.max(1e-9, s.text + s.unreadable) < thresholds.unreadable,
  );
  if (readable.length === 0) return { kind: "unreadable" };
  return { kind: "text", lines: readable.map(({ i }) => i) };
}
