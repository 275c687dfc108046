import { describe, expect, it, vi } from "vitest";
import { ApiError } from "#client/lib/api.ts";
import { applyServerErrors, readApiError, SERVER_ERROR } from "./server-errors.ts";

const refusal = (error: object, status = 400) => new ApiError(status, JSON.stringify({ error }), "Bad Request");

describe("readApiError", () => {
  it("reads the API's error shape and nothing else", () => {
    expect(
      readApiError(
        JSON.stringify({ error: { code: "invalid_request", message: "No.", fields: { email: "Bad", n: 3 } } }),
      ),
    ).toEqual({
      code: "invalid_request",
      message: "No.",
      fields: { email: "Bad" },
    });
    expect(readApiError("<html>")).toBeUndefined();
    expect(readApiError(JSON.stringify({ message: "No." }))).toBeUndefined();
  });
});

describe("applyServerErrors", () => {
  it("maps each field message onto the field of that name, focusing the first", () => {
    const setError = vi.fn();
    const handled = applyServerErrors(
      refusal({ code: "invalid_request", message: "Bad e-mail", fields: { email: "Bad e-mail", phone: "Bad phone" } }),
      setError,
      ["name", "email", "phone"],
    );
    expect(handled).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["email", { type: "server", message: "Bad e-mail" }, { shouldFocus: true }],
      ["phone", { type: "server", message: "Bad phone" }, { shouldFocus: false }],
    ]);
  });

  it("puts the answer's message on the form when no field of the form is named", () => {
    const setError = vi.fn();
    expect(
      applyServerErrors(
        refusal({ code: "invalid_request", message: "Invalid", fields: { body: "Invalid" } }),
        setError,
        ["email"],
      ),
    ).toBe(true);
    expect(setError.mock.calls).toEqual([[SERVER_ERROR, { type: "server", message: "Invalid" }]]);
  });

  it("leaves anything that is not an API error answer to the caller", () => {
    const setError = vi.fn();
    expect(applyServerErrors(new TypeError("Failed to fetch"), setError, ["email"])).toBe(false);
    expect(applyServerErrors(new ApiError(502, "Bad Gateway", "Bad Gateway"), setError, ["email"])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
