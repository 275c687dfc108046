import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import apiJsonZone from "./eslint-rules/api-json-zone.js";
import fileNameCase from "./eslint-rules/file-name-case.js";
import importCycles from "./eslint-rules/import-cycles.js";
import importZones from "./eslint-rules/import-zones.js";
import serverBoundaries from "./eslint-rules/server-boundaries.js";

/**
 * Lint, including the boundaries the code is built on (each local rule is tested in
 * eslint-rules/*.test.js and names, in its message, the rule it enforces):
 * - local/import-zones (DESIGN §1, CONVENTIONS 14): imports run pages → features →
 *   components/lib → shared; client and server never import each other; no feature imports another.
 * - local/import-cycles (issue 34; CONVENTIONS 14): no import cycle in src/, ml/ or scripts/,
 *   type-only imports included; the message prints the loop.
 * - local/server-boundaries (issue 34; CONVENTIONS 11, 20): a file in a subfolder of
 *   src/server/modules/<module>/ is that module's internal and only it imports the file; routes
 *   never import src/server/db/; only src/server/app.ts and the routes' index.ts files import a
 *   route file.
 * - local/api-json-zone (issue 34; CONVENTIONS 5): apiJson is imported only in
 *   src/client/features/<feature>/api/ and src/client/lib/api/ (and where it is defined).
 * - no-restricted-syntax in src/server: every redirect goes through redirectWithinSite, and no
 *   underscore member (`_storeHeader`, `_header`, `_httpMessage`…), Node's undocumented internals
 *   (issue 34; working rules: documented public APIs only).
 * - local/file-name-case (CONVENTIONS 9): file names are kebab-case.
 */
const local = {
  rules: {
    "import-zones": importZones,
    "import-cycles": importCycles,
    "server-boundaries": serverBoundaries,
    "api-json-zone": apiJsonZone,
    "file-name-case": fileNameCase,
  },
};

const noUnderscoreMembers = {
  selector: "MemberExpression[computed=false][property.name=/^_/]",
  message:
    "An underscore member is an undocumented internal (Node's _storeHeader, _header, _httpMessage…): use a documented public API (issue 34; working rules: no underscore internals).",
};

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "ml/font-recognition/work/**",
      "media/scenes/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.{js,ts,tsx}"],
    plugins: { local },
    rules: {
      "local/file-name-case": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { local },
    rules: {
      "local/import-zones": "error",
      "local/api-json-zone": "error",
    },
  },
  {
    files: ["{src,ml,scripts}/**/*.{ts,tsx,js}"],
    plugins: { local },
    rules: {
      "local/import-cycles": "error",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { local },
    rules: {
      "local/server-boundaries": "error",
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["src/server/**/*.{ts,tsx}"],
    ignores: ["src/server/lib/site-redirect.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='redirect']",
          message:
            "Redirect with redirectWithinSite (src/server/lib/site-redirect.ts), so no Location leaves the site.",
        },
        noUnderscoreMembers,
      ],
    },
  },
  {
    // A later no-restricted-syntax replaces an earlier one, so the file that may redirect gets its own.
    files: ["src/server/lib/site-redirect.ts"],
    rules: { "no-restricted-syntax": ["error", noUnderscoreMembers] },
  },
);
