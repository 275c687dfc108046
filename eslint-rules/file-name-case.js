import { basename } from "node:path";

/**
 * kebab-case file names (CONVENTIONS 9): every dot-separated part of the name is lower-case words
 * joined by single hyphens, so `font-tool.tsx`, `home.ar.ts` and `app.int.test.ts` pass and
 * `FontTool.tsx` or `font_tool.ts` do not.
 */
const part = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export default {
  meta: {
    type: "suggestion",
    docs: { description: "File names are kebab-case" },
    schema: [],
    messages: { kebab: 'File name "{{name}}" is not kebab-case (lower-case words joined by hyphens; CONVENTIONS 9).' },
  },
  create(context) {
    const name = basename(context.filename);
    return {
      Program(node) {
        if (!name.split(".").every((p) => part.test(p)))
          context.report({ node, loc: { line: 1, column: 0 }, messageId: "kebab", data: { name } });
      },
    };
  },
};
