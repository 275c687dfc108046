import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * Lint, including the boundaries of DESIGN §1: client and server never import each other, both may
 * import src/shared; features do not reach into other features.
 */
const restrict = (patterns) => ["error", { patterns }];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "ml/font-recognition/work/**", "media/scenes/**", "data/**", "test-results/**", "playwright-report/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "no-restricted-imports": restrict([
        { group: ["#server/*", "**/server/**"], message: "Client code must not import server code (DESIGN §1)." },
      ]),
    },
  },
  {
    files: ["src/client/features/*/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["#server/*", "**/server/**"], message: "Client code must not import server code (DESIGN §1)." },
        { group: ["#client/features/*/**", "../../features/**", "../../*/**/features/**"], message: "A feature must not reach into another feature (DESIGN §1)." },
      ]),
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["#client/*", "**/client/**"], message: "Server code must not import client code (DESIGN §1)." },
      ]),
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["#client/*", "#server/*", "**/client/**", "**/server/**"], message: "Shared code must not depend on either side (DESIGN §1)." },
      ]),
    },
  },
);
