import { dirname, relative, resolve, sep } from "node:path";

/**
 * Imports run one way (CONVENTIONS 14, DESIGN §1): pages → features → components/lib/i18n →
 * shared. Client and server never import each other; shared imports neither; a feature never
 * imports another feature or a page; components, lib and i18n never import a feature or a page.
 * The client's entry files (app.tsx, main.tsx, entry-server.tsx, boot.ts) assemble everything.
 *
 * Specifiers are resolved first (`#client/…`, `#shared/…`, `#server/…` and relative paths), so
 * a relative path cannot slip past a pattern; package imports are not this rule's business.
 */
const aliases = { "#client/": "src/client/", "#shared/": "src/shared/", "#server/": "src/server/" };

/** The zone of a repository-relative path, or undefined outside the checked tree. */
function zoneOf(path) {
  const parts = path.split("/");
  if (parts[0] !== "src") return undefined;
  if (parts[1] === "shared") return { name: "shared" };
  if (parts[1] === "server") return { name: "server" };
  if (parts[1] !== "client") return undefined;
  if (parts.length === 3) return { name: "entry" };
  if (parts[2] === "pages") return { name: "pages" };
  if (parts[2] === "features") return { name: "feature", feature: parts[3] };
  return { name: "base" }; // components/, lib/, i18n/
}

const allowed = {
  entry: new Set(["entry", "pages", "feature", "base", "shared"]),
  pages: new Set(["pages", "feature", "base", "shared"]),
  feature: new Set(["feature", "base", "shared"]),
  base: new Set(["base", "shared"]),
  shared: new Set(["shared"]),
  server: new Set(["server", "shared"]),
};

const names = {
  entry: "the client's entry files",
  pages: "pages",
  feature: "features",
  base: "components, lib and i18n",
  shared: "src/shared",
  server: "server code",
};

export default {
  meta: {
    type: "problem",
    docs: { description: "Imports run one way: pages → features → components/lib → shared" },
    schema: [],
    messages: {
      direction:
        "{{from}} must not import {{to}} ({{target}}): imports run pages → features → components/lib → shared (CONVENTIONS 14).",
      crossFeature:
        "The {{from}} feature must not import the {{to}} feature ({{target}}); move what both need to components/, lib/ or src/shared (CONVENTIONS 5).",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join("/");
    const from = zoneOf(file);
    if (!from) return {};

    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== "string") return;
      const specifier = source.value;
      const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
      let target;
      if (alias) target = aliases[alias] + specifier.slice(alias.length);
      else if (specifier.startsWith("."))
        target = relative(root, resolve(dirname(context.filename), specifier))
          .split(sep)
          .join("/");
      else return;
      const to = zoneOf(target);
      if (!to) return;
      if (!allowed[from.name].has(to.name)) {
        context.report({
          node: source,
          messageId: "direction",
          data: { from: names[from.name], to: names[to.name], target },
        });
      } else if (from.name === "feature" && to.name === "feature" && from.feature !== to.feature) {
        context.report({
          node: source,
          messageId: "crossFeature",
          data: { from: from.feature, to: to.feature, target },
        });
      }
    };

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
