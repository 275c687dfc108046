import type { MessageKey } from "#shared/i18n/message-key.ts";
import type { Params } from "#shared/i18n/types.ts";

/** The API's one error shape (DESIGN D4): { error: { code, message, fields? } }. */
export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

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
    super(`${status} ${code}`);
    this.name = "ApiError";
    this.statusCode = status;
  }
}
