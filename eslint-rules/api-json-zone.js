import { importVisitors, repoPath, resolveImport } from "./resolve-import.js";

/**
 * Client data access in one place (issue 34; CONVENTIONS 5): `apiJson`, the client's one way to
 * call the server, is imported only by a feature's `api/` folder (`src/client/features/<f>/api/`)
 * and by `src/client/lib/api/` (the few cross-feature calls: session, wishlist sync), besides the
 * file that defines it and that file's tests. Pages and components use the hooks of an `api/`.
 * A namespace import or `export *` of the defining file counts as importing `apiJson`.
 */
const DEFINED_IN = new Set(["src/client/lib/api.ts", "src/client/lib/api/client.ts"]);

function mayImport(path) {
  if (/^src\/client\/features\/[^/]+\/api\//.test(path) || path.startsWith("src/client/lib/api/")) return true;
  return DEFINED_IN.has(path.replace(/\.test(\.tsx?)$/, "$1"));
}

/** Whether an import or re-export declaration brings `apiJson` in. */
function bringsApiJson(declaration) {
  if (declaration.type === "ExportAllDeclaration") return true;
  if (declaration.type === "ImportExpression") return true;
  return (declaration.specifiers ?? []).some(
    (s) =>
      s.type === "ImportNamespaceSpecifier" ||
      (s.type === "ImportSpecifier" && (s.imported.name ?? s.imported.value) === "apiJson") ||
      (s.type === "ExportSpecifier" && (s.local.name ?? s.local.value) === "apiJson"),
  );
}

export default {
  meta: {
    type: "problem",
    docs: { description: "apiJson is imported only in features/*/api and lib/api" },
    schema: [],
    messages: {
      outsideApi:
        "apiJson belongs in src/client/features/<feature>/api/ (or src/client/lib/api/ for a cross-feature call): call the server from a query or mutation hook there and use the hook here (issue 34: client data access in one place; CONVENTIONS 5).",
    },
  },
  create(context) {
    const root = context.cwd;
    const from = repoPath(root, context.filename);
    if (mayImport(from)) return {};
    return importVisitors((specifier, node, declaration) => {
      const resolved = resolveImport(specifier, context.filename);
      if (!resolved || !DEFINED_IN.has(repoPath(root, resolved))) return;
      if (bringsApiJson(declaration)) context.report({ node, messageId: "outsideApi" });
    });
  },
};
