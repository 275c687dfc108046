import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll } from "vitest";
import rule from "./import-cycles.js";
import { ruleTester } from "./rule-tester.js";

// A small tree on disk: the rule reads the files a linted file imports from disk, and the linted
// file itself from the code given here (so an editor's unsaved imports count).
const root = mkdtempSync(join(tmpdir(), "import-cycles-"));
const files = {
  "package.json": JSON.stringify({ imports: { "#lib/*": "./lib/*" } }),
  "lib/a.ts": 'import { b } from "./b.ts";\nexport const a = b;\n',
  "lib/b.ts": 'import type { A } from "./a.ts";\nexport const b = 1;\nexport type B = A;\n',
  "lib/c.ts": 'import { d } from "./d.ts";\nexport const c = d;\n',
  "lib/d.ts": 'export { e as d } from "./nested/e.ts";\n',
  "lib/nested/e.ts": 'import { c } from "#lib/c.ts";\nexport const e = () => c;\n',
  "lib/f.ts": 'import { g } from "./g.ts";\nimport { a } from "./a.ts";\nexport const f = g + a;\n',
  "lib/g.ts": "export const g = 1;\n",
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, name)), { recursive: true });
  writeFileSync(join(root, name), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (name) => join(root, name);
const loop = (...names) => names.map((name) => relative(process.cwd(), at(name)).split("\\").join("/")).join(" → ");

ruleTester.run("import-cycles", rule, {
  valid: [
    // f imports a, which is in a loop, but nothing leads back to f.
    { filename: at("lib/f.ts"), code: files["lib/f.ts"] },
    { filename: at("lib/g.ts"), code: files["lib/g.ts"] },
    // On disk a imports b; the editor's text no longer does, and that text is what counts.
    { filename: at("lib/a.ts"), code: "export const a = 1;\n" },
    // Packages are not followed.
    { filename: at("lib/g.ts"), code: 'import { readFileSync } from "node:fs";\nexport const g = readFileSync;\n' },
  ],
  invalid: [
    {
      filename: at("lib/a.ts"),
      code: files["lib/a.ts"],
      errors: [{ messageId: "cycle", data: { loop: loop("lib/a.ts", "lib/b.ts", "lib/a.ts") }, line: 1 }],
    },
    {
      // The way back is a type-only import: it still counts.
      filename: at("lib/b.ts"),
      code: files["lib/b.ts"],
      errors: [{ messageId: "cycle", data: { loop: loop("lib/b.ts", "lib/a.ts", "lib/b.ts") } }],
    },
    {
      // Three files, through a re-export and a `#` alias.
      filename: at("lib/c.ts"),
      code: files["lib/c.ts"],
      errors: [{ messageId: "cycle", data: { loop: loop("lib/c.ts", "lib/d.ts", "lib/nested/e.ts", "lib/c.ts") } }],
    },
    {
      // A dynamic import closes a loop too; the import that does is the one reported.
      filename: at("lib/g.ts"),
      code: 'import { readFileSync } from "node:fs";\nexport const g = () => import("./f.ts");\nexport const r = readFileSync;\n',
      errors: [{ messageId: "cycle", data: { loop: loop("lib/g.ts", "lib/f.ts", "lib/g.ts") }, line: 2 }],
    },
    {
      filename: at("lib/g.ts"),
      code: 'import "./g.ts";\nexport const g = 1;\n',
      errors: [{ messageId: "cycle", data: { loop: loop("lib/g.ts", "lib/g.ts") } }],
    },
  ],
});
