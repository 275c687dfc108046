import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { TEST_SELLER } from "#tests/helpers/orders.ts";
import type { PaymentGateway } from "./gateway.ts";
import { createGatewayRegistry } from "./gateway-registry.ts";

const fake = (id: PaymentGateway["id"]) => ({ id }) as PaymentGateway;
const opens = (gateway: PaymentGateway | null) => ({ open: () => (gateway ? { gateway } : null) });
/** The registry lends the host only to the providers it opens; these fakes need none of it. */
const host = {} as Parameters<typeof createGatewayRegistry>[1];

describe("createGatewayRegistry", () => {
  it("sandbox: the sandbox serves all four methods, in test mode", async () => {
    const sandbox = fake("sandbox");
    const registry = await createGatewayRegistry(loadConfig({ PAYMENT_GATEWAY: "sandbox" }), host, {
      sandbox: opens(sandbox),
    });
    expect(registry.family).toBe("sandbox");
    expect(registry.testMode).toBe(true);
    for (const method of ["apple-pay", "credit-card", "tamara", "tabby"] as const) {
      expect(registry.forMethod(method)).toBe(sandbox);
    }
    expect(registry.byId("sandbox")).toBe(sandbox);
    expect(registry.byId("moyasar")).toBeUndefined();
  });

  it("unset: the sandbox outside production, refused in production", async () => {
    const sandbox = fake("sandbox");
    const development = await createGatewayRegistry(loadConfig({ NODE_ENV: "development" }), host, {
      sandbox: opens(sandbox),
    });
    expect(development.forMethod("tabby")).toBe(sandbox);
    const refused = createGatewayRegistry(loadConfig({ NODE_ENV: "production" }), host, { sandbox: opens(sandbox) });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(/PAYMENT_GATEWAY: must be set when NODE_ENV is production/);
  });

  it("providers without adapters stops the start with a ConfigError", async () => {
    await expect(
      createGatewayRegistry(loadConfig({ ...TEST_SELLER, PAYMENT_GATEWAY: "providers" }), host, {}),
    ).rejects.toThrow(ConfigError);
  });

  it("providers: each method through its provider, only those whose keys are set", async () => {
    const moyasar = fake("moyasar");
    const registry = await createGatewayRegistry(loadConfig({ ...TEST_SELLER, PAYMENT_GATEWAY: "providers" }), host, {
      moyasar: opens(moyasar),
      tamara: opens(null), // keys not set
      tabby: opens(fake("tabby")),
    });
    expect(registry.forMethod("credit-card")).toBe(moyasar);
    expect(registry.forMethod("apple-pay")).toBe(moyasar);
    expect(registry.forMethod("tamara")).toBeUndefined();
    expect(registry.forMethod("tabby")?.id).toBe("tabby");
    expect(registry.byId("tamara")).toBeUndefined();
    expect(registry.byId("sandbox")).toBeUndefined();
    expect(registry.testMode).toBe(false);
  });

  it("providers with no keys at all is a ConfigError too", async () => {
    await expect(
      createGatewayRegistry(loadConfig({ ...TEST_SELLER, PAYMENT_GATEWAY: "providers" }), host, {
        moyasar: opens(null),
      }),
    ).rejects.toThrow(/no provider has its keys set/);
  });

  it("mounts the pages of the providers it opened, and only theirs", async () => {
    const pages = async () => {};
    const registry = await createGatewayRegistry(loadConfig({ ...TEST_SELLER, PAYMENT_GATEWAY: "providers" }), host, {
      sandbox: { open: () => ({ gateway: fake("sandbox"), pages: async () => {} }) },
      moyasar: { open: () => ({ gateway: fake("moyasar"), pages }) },
    });
    expect(registry.pages).toEqual([pages]);
  });
});
