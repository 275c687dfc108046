import type { MessageKey } from "#shared/i18n/message-key.ts";
import type { Params } from "#shared/i18n/types.ts";

/** The API's one error shape (DESIGN D4): { error: { code, message, fields? } }. */
export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/**
 * Runs `make` without capturing a stack trace for the errors it constructs. A refusal (a 4xx) is
 * an answer, not a fault: nobody reads its stack, and capturing one was a sixth of the cost of a
 * 429 under a sign-in flood.
 */
export function withoutStack<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * A refusal with an honest status, a stable machine code and a message key; the errors plugin
 * renders it in the caller's language. Use cases throw it; routes never build error bodies.
 */
export class ApiError extends Error {
  /** Fastify reads `statusCode` from thrown errors. */
  readonly statusCode: number;

  constructor(
    status: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly options: {
      /** Per-field messages, e.g. { email: "contact.email.invalid" }. */
      fields?: Record<string, MessageKey>;
      params?: Params;
      headers?: Record<string, string>;
    } = {},
  ) {
    // A refusal (4xx) carries no stack (see withoutStack); a server error keeps its own.
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(`${status} ${code}`);
    Error.stackTraceLimit = limit;
    this.name = "ApiError";
    this.statusCode = status;
  }
}
