import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The rules above are tested on their own; this checks that eslint.config.js applies them where
// the conventions say, and the underscore selector of no-restricted-syntax.
const eslint = new ESLint();
const rulesFiring = async (filePath, code) =>
  (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.map((m) => m.ruleId));

describe("eslint.config.js", () => {
  it("refuses Node's underscore internals in server code, not a computed member named like one", async () => {
    const code =
      'import { ServerResponse } from "node:http";\nexport const a = ServerResponse.prototype._storeHeader;\nexport const b = (r: { _header: string }) => r._header;\n';
    expect(await rulesFiring("src/server/lib/example.ts", code)).toEqual([
      "no-restricted-syntax",
      "no-restricted-syntax",
    ]);
    expect(
      await rulesFiring("src/server/lib/example.ts", "export const c = (xs: number[], _i: number) => xs[_i];\n"),
    ).toEqual([]);
  });

  it("keeps the redirect rule beside the underscore one, and checks site-redirect.ts for underscores", async () => {
    const code =
      "export const go = (reply: { redirect(to: string): void; _x: number }) => reply.redirect(String(reply._x));\n";
    expect(await rulesFiring("src/server/routes/example.ts", code)).toEqual([
      "no-restricted-syntax",
      "no-restricted-syntax",
    ]);
    expect(await rulesFiring("src/server/lib/site-redirect.ts", code)).toEqual(["no-restricted-syntax"]);
  });

  it("checks cycles in ml/ and scripts/, module boundaries in routes, apiJson in the client", async () => {
    expect(await rulesFiring("ml/font-recognition/example.ts", 'import "./example.ts";\n')).toEqual([
      "local/import-cycles",
    ]);
    expect(await rulesFiring("scripts/example.ts", 'import "./example.ts";\n')).toEqual(["local/import-cycles"]);
    expect(
      await rulesFiring(
        "src/server/routes/api/example/index.ts",
        'import { users } from "#server/db/schema.ts";\nexport { users };\n',
      ),
    ).toEqual(["local/server-boundaries"]);
    expect(
      await rulesFiring(
        "src/client/pages/example.tsx",
        'import { apiJson } from "#client/lib/api.ts";\nexport { apiJson };\n',
      ),
    ).toEqual(["local/api-json-zone"]);
  });
});
