import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * Where an import specifier points, for the rules that judge imports by the file they reach:
 * relative paths and the `#…/*` aliases of the nearest package.json's "imports" are resolved, so
 * neither spelling slips past a rule; package imports resolve to undefined (not these rules'
 * business). A query (`./x.svg?raw`) is dropped.
 */
const aliasesByDirectory = new Map();

/** The `#prefix/` → folder pairs of the package.json "imports" that governs `directory`. */
function aliasesFor(directory) {
  if (aliasesByDirectory.has(directory)) return aliasesByDirectory.get(directory);
  let aliases = [];
  const manifest = join(directory, "package.json");
  if (existsSync(manifest)) {
    const imports = JSON.parse(readFileSync(manifest, "utf8")).imports ?? {};
    aliases = Object.entries(imports)
      .filter(([key, target]) => key.endsWith("/*") && typeof target === "string" && target.endsWith("/*"))
      .map(([key, target]) => ({ prefix: key.slice(0, -1), folder: resolve(directory, target.slice(0, -1)) }));
  } else if (dirname(directory) !== directory) {
    aliases = aliasesFor(dirname(directory));
  }
  aliasesByDirectory.set(directory, aliases);
  return aliases;
}

/** The absolute path `specifier` names from the file `from`, or undefined for a package. */
export function resolveImport(specifier, from) {
  const path = specifier.split("?")[0];
  if (path.startsWith(".")) return resolve(dirname(from), path);
  if (!path.startsWith("#")) return undefined;
  const alias = aliasesFor(dirname(from)).find((a) => path.startsWith(a.prefix));
  return alias ? join(alias.folder, path.slice(alias.prefix.length)) : undefined;
}

/** `path` relative to `root`, with forward slashes. */
export function repoPath(root, path) {
  return relative(root, path).split(sep).join("/");
}

/**
 * The import specifiers of one file's AST, each with the node to report on: static imports and
 * re-exports (type-only ones too), `import()` with a literal and `import("…")` types.
 */
export function importVisitors(onImport) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === "string") onImport(node.source.value, node.source, node);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: fromSource,
    TSImportType(node) {
      const literal = node.argument?.literal ?? node.argument;
      if (literal && typeof literal.value === "string") onImport(literal.value, literal, node);
    },
  };
}
