import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiJson, apiRequest } from "./api.ts";
import { createQueryClient, getQueryFn } from "./api/query-client.ts";

const respond = (status: number, body: string, statusText = "") =>
  vi.fn(async () => new Response(body || null, { status, statusText }));

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends credentials always and a JSON content type only with a body", async () => {
    const fetch = respond(200, "{}");
    vi.stubGlobal("fetch", fetch);
    await apiRequest("GET", "/api/x");
    await apiRequest("POST", "/api/x", { a: 1 });
    expect(fetch.mock.calls[0]).toEqual([
      "/api/x",
      { method: "GET", credentials: "include", headers: {}, body: undefined },
    ]);
    expect(fetch.mock.calls[1]).toEqual([
      "/api/x",
      { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: '{"a":1}' },
    ]);
  });

  it('turns a non-OK response into "status: body text"', async () => {
    vi.stubGlobal("fetch", respond(422, '{"error":{"code":"x","message":"No text found"}}'));
    const error = await apiRequest("POST", "/api/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('422: {"error":{"code":"x","message":"No text found"}}');
    expect((error as ApiError).serverMessage).toBe("No text found");
  });

  it("uses the status text when the body is empty", async () => {
    vi.stubGlobal("fetch", respond(503, "", "Service Unavailable"));
    await expect(apiJson("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("queries", () => {
  it("GETs the first element of the key and can return null on 401", async () => {
    vi.stubGlobal("fetch", respond(401, "signed out"));
    const queryFn = getQueryFn<unknown>({ on401: "returnNull" });
    const context = { queryKey: ["/api/auth/me"], signal: new AbortController().signal, meta: undefined };
    await expect(queryFn(context as never)).resolves.toBeNull();
    const strict = getQueryFn<unknown>({ on401: "throw" });
    await expect(strict(context as never)).rejects.toThrow("401: signed out");
  });

  it("follows the spec's defaults: never stale, no refetch on focus, no retries", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
