import { ApiError } from "./api.ts";

/**
 * Whether the server refused a form's submission because of its fields (a 400 whose body names
 * `fields`): the form then shows each message under its field instead of a failure toast.
 */
export function isFieldRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  try {
    const fields = (JSON.parse(error.body) as { error?: { fields?: unknown } }).error?.fields;
    return typeof fields === "object" && fields !== null && Object.keys(fields).length > 0;
  } catch {
    return false;
  }
}
