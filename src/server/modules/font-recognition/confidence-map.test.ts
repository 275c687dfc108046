import { describe, expect, it } from "vitest";
import { applyConfidenceMap, applyConfidenceModel, fitConfidenceMap, fitConfidenceModel } from "./confidence-map.ts";

describe("applyConfidenceMap", () => {
  const map: [number, number][] = [
    [0.2, 0.1],
    [0.6, 0.3],
    [0.9, 0.8],
  ];

  it("interpolates between knots and holds flat beyond them", () => {
    expect(applyConfidenceMap(0.05, map)).toBe(0.1);
    expect(applyConfidenceMap(0.4, map)).toBeCloseTo(0.2, 10);
    expect(applyConfidenceMap(0.75, map)).toBeCloseTo(0.55, 10);
    expect(applyConfidenceMap(0.99, map)).toBe(0.8);
  });

  it("leaves the probability as it is without a map", () => {
    expect(applyConfidenceMap(0.42, undefined)).toBe(0.42);
    expect(applyConfidenceMap(0.42, [])).toBe(0.42);
  });
});

describe("fitConfidenceMap", () => {
  it("learns that confident answers are right only as often as they are", () => {
    // High probabilities, right half the time (half the uploads are fonts outside the library);
    // low probabilities, never right.
    const pairs = [
      ...Array.from({ length: 100 }, (_, i) => ({ probability: 0.9 + i / 1000, right: i % 2 === 0, weight: 1 })),
      ...Array.from({ length: 100 }, (_, i) => ({ probability: 0.1 + i / 1000, right: false, weight: 1 })),
    ];
    const map = fitConfidenceMap(pairs);
    expect(applyConfidenceMap(0.95, map)).toBeCloseTo(0.5, 1);
    expect(applyConfidenceMap(0.15, map)).toBeCloseTo(0, 1);
  });

  it("is non-decreasing, with knots in order, whatever the outcomes", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pairs = Array.from({ length: 500 }, () => {
      const probability = random();
      return { probability, right: random() < probability * probability, weight: 0.5 + random() };
    });
    const map = fitConfidenceMap(pairs);
    expect(map.length).toBeGreaterThan(2);
    for (let i = 1; i < map.length; i++) {
      expect(map[i]![0]).toBeGreaterThan(map[i - 1]![0]);
      expect(map[i]![1]).toBeGreaterThanOrEqual(map[i - 1]![1]);
    }
  });

  it("weighs the pairs: a population's weight, not its count, sets the share right", () => {
    // Ten right answers weighing 1 each against forty wrong ones weighing 0.25: half right.
    const pairs = [
      ...Array.from({ length: 10 }, () => ({ probability: 0.8, right: true, weight: 1 })),
      ...Array.from({ length: 40 }, () => ({ probability: 0.8, right: false, weight: 0.25 })),
    ];
    expect(fitConfidenceMap(pairs)).toEqual([[0.8, 0.5]]);
  });

  it("never rests a knot on a handful of images", () => {
    const pairs = [
      { probability: 0.99, right: true, weight: 1 },
      ...Array.from({ length: 200 }, (_, i) => ({ probability: i / 250, right: i % 3 === 0, weight: 1 })),
    ];
    const map = fitConfidenceMap(pairs, 0.05);
    expect(map.at(-1)![1]).toBeLessThan(0.9);
  });
});

describe("fitConfidenceModel", () => {
  it("learns that an answer far from its family is seldom right, however sure the model is among families", () => {
    // Every answer is sure of its family (probability 0.95); those close to it (closeness 12) are
    // right nine times in ten, those only just above the bar (closeness 9) one time in five.
    const rows = [
      ...Array.from({ length: 200 }, (_, i) => ({ probability: 0.95, closeness: 12, right: i % 10 !== 0, weight: 1 })),
      ...Array.from({ length: 200 }, (_, i) => ({ probability: 0.95, closeness: 9, right: i % 5 === 0, weight: 1 })),
    ];
    const model = fitConfidenceModel(rows);
    expect(applyConfidenceModel(0.95, 12, model)).toBeCloseTo(0.9, 2);
    expect(applyConfidenceModel(0.95, 9, model)).toBeCloseTo(0.2, 2);
  });

  it("weighs each row by its weight, and reads the probability as well", () => {
    // The same outcomes, the right ones weighing three times as much: right three times in four.
    const rows = [
      ...Array.from({ length: 100 }, (_, i) => ({
        probability: 0.9,
        closeness: 10,
        right: i % 2 === 0,
        weight: i % 2 === 0 ? 3 : 1,
      })),
      ...Array.from({ length: 100 }, () => ({ probability: 0.2, closeness: 10, right: false, weight: 1 })),
    ];
    const model = fitConfidenceModel(rows);
    expect(applyConfidenceModel(0.9, 10, model)).toBeCloseTo(0.75, 2);
    expect(applyConfidenceModel(0.2, 10, model)).toBeLessThan(0.01);
    expect(model.probabilityLogOdds).toBeGreaterThan(0);
  });
});
