import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Unit tests (`*.test.ts(x)` next to the code) and API integration tests (`*.int.test.ts`, which
 * build the app in-process), and the local lint rules' RuleTester tests (`eslint-rules/*.test.js`).
 * `npm run test:api` runs only the integration ones, e.g. against a
 * real PostgreSQL with TEST_DATABASE_URL set.
 */
export default defineConfig({
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "ml/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "eslint-rules/**/*.test.js",
    ],
    exclude: ["node_modules", "dist", "tests/e2e/**"],
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one file at a time on two cores (cores - 1); most integration files wait
    // on servers they spawn, timers and sockets. Two at a time on two cores took the whole run on a
    // fresh clone from 676 s to 540 s (375 s with warm caches), and the PostgreSQL run from 524 s to
    // 341 s (session 24); three at a time took 422-441 s with warm caches, slower than two.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
