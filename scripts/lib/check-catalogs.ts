import { readdir } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const pluralCategories = new Set(["zero", "one", "two", "few", "many", "other"]);

/**
 * A counted phrase (`PluralForms`: `one`, `other` and any other plural category): one leaf, since
 * each language has its own categories (English one/other, Arabic all six).
 */
function isPluralForms(value: object): boolean {
  const keys = Object.keys(value);
  return keys.includes("other") && keys.every((key) => pluralCategories.has(key));
}

/** Every leaf path of a catalog object, e.g. "nav.home"; a counted phrase is one leaf. */
function leaves(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || isPluralForms(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

async function findCopyPairs(dir: string): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".en.ts")) continue;
    const english = resolve(entry.parentPath, entry.name);
    pairs.push([english, english.replace(/\.en\.ts$/, ".ar.ts")]);
  }
  return pairs;
}

/**
 * The build refuses to ship a catalog whose Arabic side lacks (or adds) a key of the English side:
 * the site-wide catalogs, every page's `*.en.ts` / `*.ar.ts` pair and the content folder's (a
 * product's words in both languages). (tsc checks the same through `Catalog<T>`; this keeps
 * `npm run build` honest on its own, for a content folder tsc never saw too.)
 */
export async function checkCatalogs(contentDir = "content"): Promise<void> {
  const pairs: [string, string, string, string][] = [
    ["src/shared/i18n/en.ts", "src/shared/i18n/ar.ts", "en", "ar"],
    ...[...(await findCopyPairs("src/client")), ...(await findCopyPairs(contentDir))].map(
      ([en, ar]) => [en, ar, "default", "default"] as [string, string, string, string],
    ),
  ];
  const problems: string[] = [];
  for (const [enFile, arFile, enExport, arExport] of pairs) {
    const en = ((await import(pathToFileURL(resolve(enFile)).href)) as Record<string, unknown>)[enExport];
    let ar: unknown;
    try {
      ar = ((await import(pathToFileURL(resolve(arFile)).href)) as Record<string, unknown>)[arExport];
    } catch {
      problems.push(`${arFile} is missing (the Arabic twin of ${enFile})`);
      continue;
    }
    const arKeys = new Set(leaves(ar));
    const enKeys = new Set(leaves(en));
    for (const key of enKeys) if (!arKeys.has(key)) problems.push(`${arFile}: missing "${key}"`);
    for (const key of arKeys) if (!enKeys.has(key)) problems.push(`${arFile}: "${key}" is not in ${enFile}`);
  }
  if (problems.length > 0) {
    throw new Error(`The Arabic catalogs do not match the English ones:\n  ${problems.join("\n  ")}`);
  }
}
