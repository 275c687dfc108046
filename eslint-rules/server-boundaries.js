import { basename } from "node:path";
import { importVisitors, repoPath, resolveImport } from "./resolve-import.js";

/**
 * The server's boundaries (issue 34, "Rules that keep it so"; CONVENTIONS 11 and 20):
 * - a module's public surface is the files at the top level of `src/server/modules/<module>/`;
 *   a file in a subfolder is internal, and only its own module imports it;
 * - a route (`src/server/routes/**`) never imports the database (`src/server/db/**`), not even
 *   its types: it uses `app.db` and the modules' use cases;
 * - nothing imports a route file except `src/server/app.ts` and the routes' `index.ts` files,
 *   which register routes; a helper several routes share lives in `src/server/lib/`.
 * Both spellings of a path (`#server/…` and relative) are resolved before they are judged. Tests
 * (`*.test.ts`, next to the code or under tests/) are not held to these boundaries: they assert on
 * stored rows and build fixtures from a module's fakes, which is what tests are for. A provider's
 * fake (`fake-server.ts`) is test equipment too: the benchmarks in scripts/ and the browser tests'
 * servers in tests/ may start it.
 */
const MODULES = "src/server/modules/";
const ROUTES = "src/server/routes/";
const DB = "src/server/db/";

/** The module of a repository path, and whether the path is inside one of its subfolders. */
function moduleOf(path) {
  if (!path.startsWith(MODULES)) return undefined;
  const parts = path.slice(MODULES.length).split("/");
  return parts.length > 1 ? { name: parts[0], internal: parts.length > 2 } : undefined;
}

const isTest = (path) => /\.test\.tsx?$/.test(path);
const isFake = (path) => basename(path) === "fake-server.ts";

const mayImportRoutes = (path) =>
  path === "src/server/app.ts" || (path.startsWith(ROUTES) && basename(path) === "index.ts");

export default {
  meta: {
    type: "problem",
    docs: { description: "Module internals, the database and route files stay behind the server's boundaries" },
    schema: [],
    messages: {
      moduleInternals:
        "{{target}} is internal to the {{module}} module (a file in a subfolder of src/server/modules/{{module}}/): import one of the module's top-level files instead (CONVENTIONS 20; issue 34: no module imports another module's internals).",
      routeImportsDb:
        "A route must not import the database ({{target}}): use app.db and a module's use case, and take row types from the module (CONVENTIONS 11; issue 34: no route imports the database).",
      importsRoute:
        "{{target}} is a route file: only src/server/app.ts and the routes' index.ts files import route files, to register them; move what you need to src/server/lib/ or a module (issue 34: nothing imports a route).",
    },
  },
  create(context) {
    const root = context.cwd;
    const from = repoPath(root, context.filename);
    if (isTest(from)) return {};
    const fromModule = moduleOf(from);

    return importVisitors((specifier, node) => {
      const resolved = resolveImport(specifier, context.filename);
      if (!resolved) return;
      const target = repoPath(root, resolved);
      const toModule = moduleOf(target);
      const equipmentFake = (from.startsWith("scripts/") || from.startsWith("tests/")) && isFake(target);
      if (toModule?.internal && fromModule?.name !== toModule.name && !equipmentFake) {
        context.report({ node, messageId: "moduleInternals", data: { target, module: toModule.name } });
      }
      if (from.startsWith(ROUTES) && target.startsWith(DB)) {
        context.report({ node, messageId: "routeImportsDb", data: { target } });
      }
      if (target.startsWith(ROUTES) && !isTest(target) && !mayImportRoutes(from)) {
        context.report({ node, messageId: "importsRoute", data: { target } });
      }
    });
  },
};
