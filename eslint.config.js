import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import fileNameCase from "./eslint-rules/file-name-case.js";
import importZones from "./eslint-rules/import-zones.js";

/**
 * Lint, including the boundaries of DESIGN §1 and CONVENTIONS 14 (eslint-rules/import-zones.js):
 * imports run pages → features → components/lib → shared; client and server never import each
 * other; no feature imports another. File names are kebab-case (eslint-rules/file-name-case.js).
 */
const local = { rules: { "import-zones": importZones, "file-name-case": fileNameCase } };

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
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/lib/site-redirect.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='redirect']",
          message:
            "Redirect with redirectWithinSite (src/server/lib/site-redirect.ts), so no Location leaves the site.",
        },
      ],
    },
  },
);
