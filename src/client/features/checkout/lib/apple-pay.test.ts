// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { applePayVersion, canPayWithApplePay, payWithApplePay } from "./apple-pay.ts";

/** A stand-in for Safari's ApplePaySession, driven by the test; `newest` is the newest version it supports. */
function installFakeApplePay(options: { canMakePayments?: boolean; cancel?: boolean; newest?: number } = {}) {
  const log: string[] = [];
  let request: unknown;
  class FakeSession {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => options.canMakePayments ?? true;
    static supportsVersion = (version: number) => version <= (options.newest ?? 14);
    onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
    onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null = null;
    oncancel: ((event: unknown) => void) | null = null;
    constructor(version: number, paymentRequest: { supportedNetworks: string[] }) {
      // As Safari: a network newer than the session's version is a TypeError.
      if (version < 5 && paymentRequest.supportedNetworks.includes("mada")) {
        throw new TypeError('"mada" is not a valid payment network.');
      }
      log.push(`new v${version}`);
      request = paymentRequest;
    }
    begin() {
      log.push("begin");
      if (options.cancel) setTimeout(() => this.oncancel?.({}), 0);
      else setTimeout(() => this.onvalidatemerchant?.({ validationURL: "https://apple-pay-gateway.apple.com/x" }), 0);
    }
    completeMerchantValidation(session: unknown) {
      log.push(`validated ${JSON.stringify(session)}`);
      setTimeout(() => this.onpaymentauthorized?.({ payment: { token: { paymentData: { sandbox: "approve" } } } }), 0);
    }
    completePayment(status: number) {
      log.push(`complete ${status}`);
    }
    abort() {
      log.push("abort");
    }
  }
  vi.stubGlobal("ApplePaySession", FakeSession);
  return { log, request: () => request };
}

afterEach(() => vi.unstubAllGlobals());

describe("Apple Pay JS", () => {
  it("is offered only where ApplePaySession says it can pay", () => {
    expect(canPayWithApplePay()).toBe(false);
    installFakeApplePay({ canMakePayments: false });
    expect(canPayWithApplePay()).toBe(false);
    installFakeApplePay();
    expect(canPayWithApplePay()).toBe(true);
  });

  it("validates the merchant through the server, sends the token, and completes with success", async () => {
    const fake = installFakeApplePay();
    const validateMerchant = vi.fn(async () => ({ merchantSessionIdentifier: "m1" }));
    const authorize = vi.fn(async (token: unknown) => ({ intent: "pi_1", token }));
    const result = await payWithApplePay({ label: "Nawat Studio", amountHalalas: 42_200, validateMerchant, authorize });
    expect(fake.request()).toEqual({
      countryCode: "SA",
      currencyCode: "SAR",
      supportedNetworks: ["mada", "visa", "masterCard"],
      merchantCapabilities: ["supports3DS"],
      total: { label: "Nawat Studio", amount: "422.00" },
    });
    expect(validateMerchant).toHaveBeenCalledWith("https://apple-pay-gateway.apple.com/x");
    expect(authorize).toHaveBeenCalledWith({ paymentData: { sandbox: "approve" } });
    expect(result).toEqual({
      kind: "authorized",
      value: { intent: "pi_1", token: { paymentData: { sandbox: "approve" } } },
    });
    expect(fake.log).toEqual(["new v5", "begin", 'validated {"merchantSessionIdentifier":"m1"}', "complete 0"]);
  });

  it("completes with failure when the server refuses the payment", async () => {
    const fake = installFakeApplePay();
    const refusal = new Error("402");
    const result = await payWithApplePay({
      label: "x",
      amountHalalas: 100,
      validateMerchant: async () => ({}),
      authorize: async () => Promise.reject(refusal),
    });
    expect(result).toEqual({ kind: "failed", error: refusal });
    expect(fake.log.at(-1)).toBe("complete 1");
  });

  it("aborts the sheet when the merchant validation fails, and reports a closed sheet", async () => {
    const fake = installFakeApplePay();
    const failed = await payWithApplePay({
      label: "x",
      amountHalalas: 100,
      validateMerchant: async () => Promise.reject(new Error("502")),
      authorize: async () => "never",
    });
    expect(failed.kind).toBe("failed");
    expect(fake.log.at(-1)).toBe("abort");

    installFakeApplePay({ cancel: true });
    const cancelled = await payWithApplePay({
      label: "x",
      amountHalalas: 100,
      validateMerchant: async () => ({}),
      authorize: async () => "never",
    });
    expect(cancelled).toEqual({ kind: "cancelled" });
  });

  it("offers mada on Apple Pay JS version 5 or later, and falls back without it on an older Safari", async () => {
    expect(applePayVersion({ supportsVersion: (version) => version <= 14 })).toEqual({
      version: 5,
      supportedNetworks: ["mada", "visa", "masterCard"],
    });
    expect(applePayVersion({ supportsVersion: (version) => version <= 4 })).toEqual({
      version: 3,
      supportedNetworks: ["visa", "masterCard"],
    });
    expect(
      applePayVersion({
        supportsVersion: () => {
          throw new Error("not in a secure context");
        },
      }).version,
    ).toBe(3);

    const older = installFakeApplePay({ newest: 4 });
    const result = await payWithApplePay({
      label: "x",
      amountHalalas: 100,
      validateMerchant: async () => ({}),
      authorize: async () => "paid",
    });
    expect(result).toEqual({ kind: "authorized", value: "paid" });
    expect(older.log[0]).toBe("new v3");
    expect(older.request()).toMatchObject({ supportedNetworks: ["visa", "masterCard"] });
  });
});
