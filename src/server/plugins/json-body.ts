import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../lib/api-error.ts";

/** No form, payment or analysis request nests deeper than this; hostile bodies do. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON bodies: the size is bounded by each route's `bodyLimit` while the bytes arrive, then the
 * nesting depth is checked in one linear scan before `JSON.parse` runs, so a deeply nested body
 * costs a scan, not seconds of parsing and validation on the event loop. Parsing itself is
 * Fastify's (prototype-poisoning safe).
 */
export default fp(
  async (app) => {
    const parse = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string" },
      (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
        const text = typeof body === "string" ? body : body.toString("utf8");
        if (exceedsDepth(text, MAX_JSON_DEPTH)) {
          done(new ApiError(400, "body_too_deep", "errors.tooDeep"));
          return;
        }
        parse(request, text, done);
      },
    );
  },
  { name: "json-body" },
);

/** Whether arrays/objects nest deeper than `max`, ignoring brackets inside strings. */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
