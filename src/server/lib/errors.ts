import type { FastifyReply } from "fastify";

/** The API's one error shape (DESIGN D4): { error: { code, message, fields? } }. */
export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): FastifyReply {
  return reply.code(status).type("application/json; charset=utf-8").send(errorBody(code, message, fields));
}
