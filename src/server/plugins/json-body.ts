import type { IncomingMessage } from "node:http";
import { errorCodes, type FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../lib/api-error.ts";

/** No form, payment or analysis request nests deeper than this; hostile bodies do. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON bodies: the size is bounded by each route's `bodyLimit` and the nesting depth by
 * MAX_JSON_DEPTH while the bytes arrive, chunk by chunk, so a body that breaks either is refused
 * at the chunk that does, before the rest is read, turned into a string or parsed: a 12 MB nested
 * body costs a scan of its first bytes, not a long block of the event loop (issue 9). Parsing
 * itself is Fastify's (prototype-poisoning safe).
 *
 * JSON is the only body the API reads: Fastify's default text/plain parser is removed, so a body
 * sent as text, a form or without a content type is refused with 415 in the API's error shape
 * (plugins/errors.ts) rather than reaching the validator as a string (issue 37). A scope that takes
 * another type adds its own parser (the sandbox gateway's form, the webhooks' raw JSON).
 */
export default fp(
  async (app) => {
    app.removeContentTypeParser("text/plain");
    const parse = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      (request: FastifyRequest, payload: IncomingMessage, done: (error: Error | null, value?: unknown) => void) => {
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
        const declared = request.headers["content-length"];
        const expected = declared === undefined ? undefined : Number(declared);
        if (expected !== undefined && expected > limit) {
          done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
          return;
        }
        const scan = depthScanner(MAX_JSON_DEPTH);
        const chunks: Buffer[] = [];
        let received = 0;
        const stop = (error: Error | null, value?: unknown) => {
          payload.removeListener("data", onData);
          payload.removeListener("end", onEnd);
          payload.removeListener("error", onError);
          done(error, value);
        };
        const onData = (chunk: Buffer) => {
          received += chunk.length;
          if (received > limit) return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
          if (scan(chunk)) return stop(new ApiError(400, "body_too_deep", "errors.tooDeep"));
          chunks.push(chunk);
        };
        const onEnd = () => {
          if (expected !== undefined && received !== expected) {
            return stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
          }
          payload.removeListener("data", onData);
          payload.removeListener("error", onError);
          parse(request, Buffer.concat(chunks, received).toString("utf8"), done);
        };
        const onError = (error: Error) => stop(error);
        payload.on("data", onData);
        payload.on("end", onEnd);
        payload.on("error", onError);
      },
    );
  },
  { name: "json-body" },
);

/**
 * A scanner fed a body's bytes in order: it says, at the chunk where it happens, whether arrays
 * and objects have nested deeper than `max`, ignoring brackets inside strings. (UTF-8 bytes of
 * other characters are all >= 0x80, so bytes can be scanned as they come.)
 */
export function depthScanner(max: number): (chunk: Uint8Array) => boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (++depth > max) return true;
      } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
    }
    return false;
  };
}

/** Whether arrays/objects in `text` nest deeper than `max`, ignoring brackets inside strings. */
export function exceedsDepth(text: string, max: number): boolean {
  return depthScanner(max)(Buffer.from(text, "utf8"));
}
