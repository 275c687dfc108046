import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import type { PaymentGateway } from "../gateway.ts";
import { createGatewayRegistry } from "./registry.ts";

const fake = (id: PaymentGateway["id"]) => ({ id }) as PaymentGateway;

describe("createGatewayRegistry", () => {
  it("sandbox: the sandbox serves all four methods", () => {
    const sandbox = fake("sandbox");
    const registry = createGatewayRegistry(loadConfig({}), sandbox);
    expect(registry.family).toBe("sandbox");
    for (const method of ["apple-pay", "credit-card", "tamara", "tabby"] as const) {
      expect(registry.forMethod(method)).toBe(sandbox);
    }
    expect(registry.byId("sandbox")).toBe(sandbox);
    expect(registry.byId("moyasar")).toBeUndefined();
  });

  it("providers without adapters stops the start with a ConfigError", () => {
    expect(() => createGatewayRegistry(loadConfig({ PAYMENT_GATEWAY: "providers" }), undefined, {})).toThrow(
      ConfigError,
    );
  });

  it("providers: each method through its provider, only those whose keys are set", () => {
    const moyasar = fake("moyasar");
    const registry = createGatewayRegistry(loadConfig({ PAYMENT_GATEWAY: "providers" }), undefined, {
      moyasar: () => moyasar,
      tamara: () => null, // keys not set
      tabby: () => fake("tabby"),
    });
    expect(registry.forMethod("credit-card")).toBe(moyasar);
    expect(registry.forMethod("apple-pay")).toBe(moyasar);
    expect(registry.forMethod("tamara")).toBeUndefined();
    expect(registry.forMethod("tabby")?.id).toBe("tabby");
    expect(registry.byId("tamara")).toBeUndefined();
  });

  it("providers with no keys at all is a ConfigError too", () => {
    expect(() =>
      createGatewayRegistry(loadConfig({ PAYMENT_GATEWAY: "providers" }), undefined, { moyasar: () => null }),
    ).toThrow(/no provider has its keys set/);
  });
});
