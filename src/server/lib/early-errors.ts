import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { translate } from "#shared/i18n/translate.ts";
import { ApiError, type ErrorBody } from "./api-error.ts";
import { negotiateLanguage } from "./request-language.ts";

function frameworkRefusal(error: FastifyError): ApiError {
  if (error.code === "FST_ERR_BAD_URL") return new ApiError(400, "bad_url", "errors.badUrl");
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return new ApiError(414, "uri_too_long", "errors.uriTooLong");
  return new ApiError(500, "internal_error", "errors.internal");
}

function clientRefusal(error: NodeJS.ErrnoException): ApiError {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return new ApiError(408, "request_timeout", "errors.requestTimeout");
  if (error.code === "HPE_HEADER_OVERFLOW") return new ApiError(431, "headers_too_large", "errors.headersTooLarge");
  return new ApiError(400, "bad_request", "errors.badRequest");
}

/**
 * Answers what Fastify refuses before routing (a URL that cannot be decoded, say), where no hook
 * runs: with the security headers, in the API's error shape and the caller's language, like every
 * other answer.
 */
export function frameworkErrors(headers: Record<string, string>): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    request.log.info({ code: error.code }, "request refused before routing");
    const refusal = frameworkRefusal(error);
    // The app's reply decorators (sendApiError) and request.lang are not attached here.
    const lang = negotiateLanguage({
      referer: request.headers.referer,
      acceptLanguage: request.headers["accept-language"],
    });
    const body: ErrorBody = { error: { code: refusal.code, message: translate(lang, refusal.messageKey) } };
    reply
      .headers(headers)
      .header("X-Request-Id", request.id)
      .header("Cache-Control", "no-store")
      .code(refusal.statusCode)
      .type("application/json; charset=utf-8")
      .send(body);
  };
}

/**
 * The last response the server handed the app on each connection, so that a refusal written
 * straight to the socket knows whether an answer is under way there (Node keeps its own in a
 * socket field it does not document). The front door's answers need not be noted: they are
 * written whole at once, so nothing written after them can cut into them.
 */
export class ResponsesByConnection {
  readonly #last = new WeakMap<Socket, ServerResponse>();

  note(request: IncomingMessage, response: ServerResponse): void {
    this.#last.set(request.socket, response);
  }

  /** Whether an answer on `socket` has begun and not finished, or waits behind one still being written. */
  underWay(socket: Socket): boolean {
    const response = this.#last.get(socket);
    if (response === undefined || response.writableFinished) return false;
    // Node gives a pipelined response its socket only when the one before it has finished.
    return response.headersSent || response.socket !== socket;
  }
}

/**
 * Answers what Node's HTTP parser refuses (a NUL in the path, a broken header, a request that
 * took too long), written straight to the socket since there is no request to read a language
 * from: English, the same headers and error shape as everything else.
 */
export function clientErrors(
  headers: Record<string, string>,
  responses: ResponsesByConnection,
): NonNullable<FastifyServerOptions["clientErrorHandler"]> {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    // A response already under way cannot be replaced by another.
    if (socket.writable && !responses.underWay(socket)) {
      const refusal = clientRefusal(error);
      const body: ErrorBody = { error: { code: refusal.code, message: translate("en", refusal.messageKey) } };
      const text = JSON.stringify(body);
      const lines = Object.entries({
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(text)),
        "Cache-Control": "no-store",
        Connection: "close",
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(
        `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\n${lines.join("")}\r\n${text}`,
      );
    }
    socket.destroy(error);
  };
}
