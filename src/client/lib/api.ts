import { nextTask } from "./next-task.ts";

/**
 * The one way the client talks to the API (spec §7, §8): credentials always sent, a JSON content
 * type only when there is a body, and a non-OK response becomes an Error whose message is
 * "status: body text" (the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }

  /** The server's error code from a `{ error: { code } }` body, when there is one. */
  get serverCode(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: { code?: unknown } };
      return typeof parsed.error?.code === "string" ? parsed.error.code : undefined;
    } catch {
      return undefined;
    }
  }

  /** The server's own message from a `{ error: { message } }` body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: { message?: unknown } };
      return typeof parsed.error?.message === "string" ? parsed.error.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  // Starting a fetch costs the main thread 5-10 ms here; called from a page's effects at
  // hydration, two of them made the commit a long task. Each now starts in a task of its own.
  await nextTask();
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const response = await apiRequest(method, url, body, headers);
  return (await response.json()) as T;
}
