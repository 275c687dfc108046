import type { FastifySchemaCompiler, FastifyTypeProvider } from "fastify";
import { z } from "zod";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import { isMessageKey } from "#shared/i18n/translate.ts";
import { ApiError } from "./api-error.ts";

/**
 * Lets a route say `schema: { body: contactSchema }` with a zod schema from src/shared/schemas
 * (the one the form validates with) and get `request.body` typed as its output.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/**
 * The one validator: a zod schema in, the parsed value out, or a 400 ApiError naming every bad
 * field with its message key (the errors plugin puts the words in the caller's language).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, url }) => {
  if (!(schema instanceof z.ZodType)) {
    throw new Error(`Route ${url}: the ${httpPart ?? "request"} schema must be a zod schema from src/shared/schemas`);
  }
  return (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };
};

/** A zod error as the API's 400: `fields` maps each field path to its message key. */
export function validationError(error: z.ZodError): ApiError {
  const fields: Record<string, MessageKey> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[[...issue.path, key].join(".")] ??= "errors.unknownField";
      continue;
    }
    const name = issue.path.map(String).join(".") || "body";
    fields[name] ??= issueMessage(issue);
  }
  const first = Object.values(fields)[0];
  // One field wrong: its own message says it best. Several: a summary, with each under `fields`.
  const message = Object.keys(fields).length === 1 && first ? first : "errors.invalidRequest";
  return new ApiError(400, "invalid_request", message, { fields });
}

function issueMessage(issue: z.core.$ZodIssue): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
  // With `reportInput`, zod leaves `input` out exactly when the value was missing.
  if (issue.code === "invalid_type" && !("input" in issue)) return "errors.required";
  return "errors.invalidValue";
}
