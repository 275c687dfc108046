import { readFileSync, statSync } from "node:fs";
import ts from "typescript";
import { importVisitors, repoPath, resolveImport } from "./resolve-import.js";

/**
 * No import cycles (issue 34, "Rules that keep it so"; CONVENTIONS 14: imports run one way). A
 * file is reported when one of its imports leads, through the repository's own files, back to it;
 * the message prints the whole loop.
 *
 * Type-only imports count: a type-only loop still ties two files together (the issue counts them,
 * e.g. library-source.ts and the family lists), and it turns into a runtime loop the day one of its
 * imports carries a value. The fix is the same either way: move what both files need to a third.
 *
 * eslint-plugin-import-x's `no-cycle` skips type-only imports and parses every dependency with
 * the full parser; this rule reads the other files with TypeScript's import scanner
 * (`ts.preProcessFile`), once per file and process (re-read when the file changes on disk), and the
 * linted file from its own AST, so an editor sees its unsaved imports.
 */
const scanned = new Map(); // absolute path → { mtimeMs, targets: string[] }

/** The repository files `file` imports, resolved; [] when it cannot be read. */
function targetsOnDisk(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = scanned.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.targets;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const targets = [...new Set(importedFiles.map((f) => resolveImport(f.fileName, file)).filter(Boolean))];
  scanned.set(file, { mtimeMs, targets });
  return targets;
}

/**
 * A path of imports from `start` to `goal` (both included), or undefined. `deadEnds` holds files
 * known not to lead to `goal`; a search that fails adds every file it went through (each is
 * reachable from `start`, so none leads back), a search that succeeds adds none (it may have
 * left a file early because its way back ran through the path being searched).
 */
function pathBack(start, goal, deadEnds) {
  const stack = [{ file: start, next: 0, targets: targetsOnDisk(start) }];
  const visited = new Set([start]);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.targets.length) {
      stack.pop();
      continue;
    }
    const target = top.targets[top.next++];
    if (target === goal) return [...stack.map((frame) => frame.file), goal];
    if (deadEnds.has(target) || visited.has(target)) continue;
    visited.add(target);
    stack.push({ file: target, next: 0, targets: targetsOnDisk(target) });
  }
  for (const file of visited) deadEnds.add(file);
  return undefined;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "No import cycles: no import leads back to the importing file" },
    schema: [],
    messages: {
      cycle:
        "Import cycle: {{loop}}. Move what these files share into a file of its own (issue 34: lint fails on an import cycle; CONVENTIONS 14: imports run one way).",
    },
  },
  create(context) {
    const file = context.filename;
    const imports = [];
    return {
      ...importVisitors((specifier, node) => {
        const target = resolveImport(specifier, file);
        if (target && !target.includes("/node_modules/")) imports.push({ target, node });
      }),
      "Program:exit"() {
        const deadEnds = new Set();
        const reported = new Set();
        for (const { target, node } of imports) {
          if (reported.has(target)) continue;
          const loop = target === file ? [file, file] : pathBack(target, file, deadEnds);
          if (!loop) continue;
          reported.add(target);
          const shown = (target === file ? loop : [file, ...loop]).map((p) => repoPath(context.cwd, p));
          context.report({ node, messageId: "cycle", data: { loop: shown.join(" → ") } });
        }
      },
    };
  },
};
