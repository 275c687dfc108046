// Checks named @fontsource packages as candidates for the library: does the package exist, does it
// ship an Arabic subset, and does its regular Arabic file cover the whole alphabet in its four
// contextual forms (the same check as build-library.ts). Packages are fetched with `npm pack` into
// ml/font-recognition/work/survey/ (git-ignored) and not installed; results are cached there, so a
// rerun only fetches what is new. Name the packages to check; it never guesses names.
//   node --import tsx ml/font-recognition/survey-fontsource-arabic.ts mada kufam mirza …
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkArabicCoverage } from "./arabic-coverage.ts";
import { repoRoot } from "./render-sample.ts";

const dir = path.join(repoRoot, "ml/font-recognition/work/survey");
mkdirSync(dir, { recursive: true });
const cacheFile = path.join(dir, "results.json");
type Result = {
  pkg: string;
  version?: string;
  arabic: boolean;
  weights: number[];
  italic: boolean;
  ok?: boolean;
  missing?: string[];
  error?: string;
};
const cache: Record<string, Result> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, "utf8")) : {};

for (const pkg of process.argv.slice(2)) {
  if (cache[pkg]) continue;
  const unpacked = path.join(dir, pkg);
  try {
    if (!existsSync(unpacked)) {
      const tgz = execFileSync("npm", ["pack", `@fontsource/${pkg}`, "--silent", "--pack-destination", dir], {
        encoding: "utf8",
      }).trim();
      mkdirSync(unpacked, { recursive: true });
      execFileSync("tar", ["xzf", path.join(dir, tgz), "-C", unpacked]);
    }
    const files = readdirSync(path.join(unpacked, "package/files"));
    const version = (
      JSON.parse(readFileSync(path.join(unpacked, "package/package.json"), "utf8")) as { version: string }
    ).version;
    const arabicFiles = files.filter((f) => new RegExp(`^${pkg}-arabic-\\d+-(normal|italic)\\.woff2$`).test(f));
    const weights = [...new Set(arabicFiles.map((f) => Number(/-(\d+)-/.exec(f.slice(pkg.length))![1])))].sort(
      (a, b) => a - b,
    );
    const regular = arabicFiles.find((f) => f.endsWith("-400-normal.woff2")) ?? arabicFiles[0];
    const coverage = regular
      ? checkArabicCoverage(path.join(unpacked, "package/files", regular), `survey-${pkg}`)
      : undefined;
    cache[pkg] = {
      pkg,
      version,
      arabic: arabicFiles.length > 0,
      weights,
      italic: arabicFiles.some((f) => f.includes("-italic")),
      ...(coverage ? { ok: coverage.ok, missing: coverage.missing } : {}),
    };
  } catch (e) {
    cache[pkg] = { pkg, arabic: false, weights: [], italic: false, error: (e as Error).message.split("\n")[0]! };
  }
  writeFileSync(cacheFile, JSON.stringify(cache, null, 1));
  const r = cache[pkg]!;
  console.log(
    `${pkg}: ${r.error ? `error ${r.error}` : `${r.version}, Arabic ${r.arabic ? `weights ${r.weights.join("/")}` : "none"}, whole alphabet ${r.ok ? "yes" : `no (${(r.missing ?? []).join(" ")})`}`}`,
  );
}
