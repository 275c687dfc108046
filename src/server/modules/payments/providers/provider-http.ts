import { timingSafeEqual } from "node:crypto";
import { GatewayError, type GatewayId } from "../gateway.ts";

export type ProviderCall = {
  method: "GET" | "POST" | "PUT";
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
};

/** The provider's JSON answer with its status (2xx only; anything else is a GatewayError). */
export type ProviderAnswer = { status: number; body: unknown };

/**
 * One provider's HTTP client: global fetch with a deadline, JSON in and out, and every way a call
 * can go wrong (no connection, timeout, 4xx, 5xx, a body that is not JSON) turned into a
 * GatewayError carrying the provider's status and message, never its credentials. What may have
 * been carried out without our learning how (no answer, a 5xx, a 2xx cut off or unreadable) is a
 * GatewayError whose `outcomeUnknown` holds.
 */
export function providerClient(options: {
  gateway: GatewayId;
  baseUrl: string;
  authorization: string;
  timeoutMs: number;
}): (call: ProviderCall) => Promise<ProviderAnswer> {
  return async (call) => {
    const url = `${options.baseUrl}${call.path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: call.method,
        headers: {
          Accept: "application/json",
          Authorization: options.authorization,
          ...(call.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...call.headers,
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: "error",
      });
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
      throw new GatewayError(
        options.gateway,
        timedOut
          ? `${call.method} ${call.path}: no answer within ${options.timeoutMs} ms`
          : `${call.method} ${call.path}: ${cause instanceof Error ? cause.message : "network error"}`,
        undefined,
        { cause },
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      // A success cut off mid-body is a lost answer after the provider acted (issue 35): no status,
      // so `outcomeUnknown` holds. A refusal cut off is still the provider's refusal.
      throw new GatewayError(
        options.gateway,
        `${call.method} ${call.path}: HTTP ${response.status}, body cut off`,
        response.ok ? undefined : response.status,
        { cause },
      );
    }
    let body: unknown = undefined;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (!response.ok) {
      throw new GatewayError(
        options.gateway,
        `${call.method} ${call.path}: HTTP ${response.status}${describeError(body, text)}`,
        response.status,
      );
    }
    if (body === undefined && text.length > 0) {
      // A 2xx whose body cannot be read says the provider acted but not what it made of it: as
      // unknown as no answer at all.
      throw new GatewayError(
        options.gateway,
        `${call.method} ${call.path}: HTTP ${response.status}, answer is not JSON`,
      );
    }
    return { status: response.status, body };
  };
}

/** The provider's own words from an error body ({type, message, errors}, {message, errors: [...]}, …). */
function describeError(body: unknown, text: string): string {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    const parts = [record.type, record.error, record.message, record.errors]
      .filter((part) => part !== undefined && part !== null)
      .map((part) => (typeof part === "string" ? part : JSON.stringify(part)));
    if (parts.length > 0) return `: ${parts.join(" ").slice(0, 500)}`;
  }
  return text ? `: ${text.slice(0, 200)}` : "";
}

/** Constant-time comparison of a presented secret with the configured one. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A provider's answer read as an object; a GatewayError when it is something else. */
export function objectOf(gateway: GatewayId, value: unknown, what: string): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new GatewayError(gateway, `${what}: the answer is not an object`);
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The first header value, case-insensitively (Node lower-cases incoming names). */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
