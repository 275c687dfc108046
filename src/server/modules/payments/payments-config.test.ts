import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { TEST_SELLER } from "#tests/helpers/orders.ts";
import { redactSecrets } from "#server/lib/redact.ts";
import { createGatewayRegistry } from "./gateway-registry.ts";

/** The methods a `providers` configuration offers, by the keys that are set. */
async function offered(env: Record<string, string>): Promise<string[]> {
  const registry = await createGatewayRegistry(
    loadConfig({ ...TEST_SELLER, PAYMENT_GATEWAY: "providers", ...env }),
    {} as Parameters<typeof createGatewayRegistry>[1],
  ).catch(() => undefined);
  return (["apple-pay", "credit-card", "tamara", "tabby"] as const).filter((method) => registry?.forMethod(method));
}

describe("provider settings", () => {
  it("defaults to the providers' production hosts, with no keys and no provider offered", async () => {
    const config = loadConfig({});
    expect(config.MOYASAR_API_URL).toBe("https://api.moyasar.com");
    expect(config.TAMARA_API_URL).toBe("https://api.tamara.co");
    expect(config.TABBY_API_URL).toBe("https://api.tabby.sa");
    expect(config.TABBY_WEBHOOK_HEADER_NAME).toBe("X-Tabby-Signature");
    expect(config.PAYMENT_PROVIDER_TIMEOUT_MS).toBe(15_000);
    expect(config.MOYASAR_SECRET_KEY).toBeUndefined();
    expect(config.APPLE_PAY_DOMAIN_ASSOCIATION).toBeUndefined();
    expect(await offered({})).toEqual([]);
  });

  it("offers a provider only when every one of its keys is set", async () => {
    const env = {
      MOYASAR_SECRET_KEY: "sk_test_abcdefgh",
      MOYASAR_PUBLISHABLE_KEY: "pk_test_abcdefgh",
      TAMARA_API_TOKEN: "tamara-api-token",
      TAMARA_NOTIFICATION_TOKEN: "tamara-notification-token",
      TABBY_SECRET_KEY: "sk_test_tabby123",
      TABBY_MERCHANT_CODE: "nawat_sa",
      TABBY_WEBHOOK_HEADER_VALUE: "a-long-shared-value",
      TAMARA_API_URL: "http://127.0.0.1:4010/",
    };
    expect(await offered(env)).toEqual(["tamara", "tabby"]);
    expect(loadConfig(env).TAMARA_API_URL).toBe("http://127.0.0.1:4010");
  });

  it("names bad values and never prints a key, a token or the webhook header's value", () => {
    let error: unknown;
    try {
      loadConfig({
        MOYASAR_SECRET_KEY: "sk_1",
        TAMARA_NOTIFICATION_TOKEN: "tok",
        TABBY_WEBHOOK_HEADER_VALUE: "short",
        TABBY_WEBHOOK_HEADER_NAME: "Bad Header:",
        TABBY_API_URL: "ftp://api.tabby.sa",
        PAYMENT_PROVIDER_TIMEOUT_MS: "soon",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      "MOYASAR_SECRET_KEY",
      "TAMARA_NOTIFICATION_TOKEN",
      "TABBY_WEBHOOK_HEADER_VALUE",
      "TABBY_WEBHOOK_HEADER_NAME",
      "TABBY_API_URL",
      "PAYMENT_PROVIDER_TIMEOUT_MS",
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain("sk_1");
    expect(message).not.toContain('"tok"');
    expect(message).not.toContain("short");
    expect(message).toContain('(got "ftp://api.tabby.sa")');
    expect(message).toContain('(got "Bad Header:")');
  });

  it("hides the provider secrets wherever they appear in a log line", () => {
    const env = {
      MOYASAR_WEBHOOK_SECRET: "moyasar-webhook-secret",
      TABBY_WEBHOOK_HEADER_VALUE: "tabby-header-value",
      TABBY_MERCHANT_CODE: "nawat_sa",
    };
    const line = "sent moyasar-webhook-secret and tabby-header-value for nawat_sa";
    expect(redactSecrets(line, env)).toBe("sent *** and *** for nawat_sa");
  });

  it("builds the real adapters into the registry: only the providers whose keys are all set", async () => {
    const config = loadConfig({
      ...TEST_SELLER,
      PAYMENT_GATEWAY: "providers",
      TAMARA_API_TOKEN: "tamara-api-token",
      TAMARA_NOTIFICATION_TOKEN: "tamara-notification-token",
      MOYASAR_SECRET_KEY: "sk_test_abcdefgh",
    });
    const registry = await createGatewayRegistry(config, {} as Parameters<typeof createGatewayRegistry>[1]);
    expect(registry.forMethod("tamara")?.id).toBe("tamara");
    expect(registry.byId("tamara")?.id).toBe("tamara");
    for (const method of ["credit-card", "apple-pay", "tabby"] as const)
      expect(registry.forMethod(method)).toBeUndefined();
    await expect(
      createGatewayRegistry(
        loadConfig({ ...TEST_SELLER, PAYMENT_GATEWAY: "providers" }),
        {} as Parameters<typeof createGatewayRegistry>[1],
      ),
    ).rejects.toThrow(/no provider has its keys set/);
  });
});
