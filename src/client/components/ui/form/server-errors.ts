import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "#client/lib/api.ts";

/** The API's error answer (DESIGN D4); `fields` maps a field's name to its message. */
export type ApiErrorBody = { code: string; message: string; fields?: Record<string, string> };

/** The `error` of an API answer's body, when the body is the API's error shape. */
export function readApiError(body: string): ApiErrorBody | undefined {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error as Partial<ApiErrorBody> | undefined;
    if (!error || typeof error.code !== "string" || typeof error.message !== "string") return undefined;
    const fields =
      error.fields && typeof error.fields === "object"
        ? Object.fromEntries(
            Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          )
        : undefined;
    return { code: error.code, message: error.message, ...(fields ? { fields } : {}) };
  } catch {
    return undefined;
  }
}

/** The form-level message's place in react-hook-form's errors (shown by <FormError>). */
export const SERVER_ERROR = "root.server" as const;

/**
 * Puts a refused submission's messages where the visitor looks: each of the server's `fields`
 * under the field of that name (the first one focused), and the answer's own message above the
 * submit button when no field of the form took it. The server already speaks the page's
 * language, so these messages are shown as they are (type "server"), not looked up as keys.
 * Returns false for anything that is not an API error answer, which the caller handles.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const body = readApiError(error.body);
  if (!body) return false;
  const onForm = Object.entries(body.fields ?? {}).filter(([name]) => fieldNames.includes(name));
  onForm.forEach(([name, message], i) =>
    setError(name as Path<T>, { type: "server", message }, { shouldFocus: i === 0 }),
  );
  if (onForm.length === 0) setError(SERVER_ERROR as Path<T>, { type: "server", message: body.message });
  return true;
}
