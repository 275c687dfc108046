import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadPublicConfig } from "./config.ts";

describe("loadConfig", () => {
  it("starts with sensible defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.STORE_URL).toBe("");
    expect(config.SITE_URL).toBe("http://localhost:3000");
  });

  it("reads and coerces the environment", () => {
    const config = loadConfig({ PORT: "8080", DATABASE_URL: "postgres://u@db:5432/studio", TRUST_PROXY: "true" });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe("postgres://u@db:5432/studio");
    expect(config.TRUST_PROXY).toBe(1);
  });

  it("reads TRUST_PROXY as off, a number of hops, or proxy addresses; true means one hop", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.4,::1, fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.4",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0", "proxy.internal", "99"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false, a number of proxy hops/);
    }
  });

  it("has timeouts for slow clients and slow statements", () => {
    const config = loadConfig({});
    expect(config.REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(config.HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(config.DATABASE_STATEMENT_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: "5000" }).REQUEST_TIMEOUT_MS).toBe(5000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "soon" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it("drains for longer than a balancer's checks take, within a bound that leaves room after it", () => {
    const config = loadConfig({});
    // HAProxy `inter 1s fall 2` takes an instance out within 2 s (README, decision 0041).
    expect(config.SHUTDOWN_GRACE_MS).toBe(3000);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "0", SHUTDOWN_TIMEOUT_MS: "500" }).SHUTDOWN_GRACE_MS).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: "10000" })).toThrow(
      /SHUTDOWN_TIMEOUT_MS: must be longer than SHUTDOWN_GRACE_MS \(10000 ms\)/,
    );
  });

  it("refuses to take real payments with the seller's placeholder VAT number and address on the invoices", () => {
    const live = { NODE_ENV: "production", PAYMENT_GATEWAY: "providers" };
    let error: unknown;
    try {
      loadConfig({ ...live, SELLER_ADDRESS_EN: "12 King Fahd Road, Al Olaya, Riyadh 12211, Saudi Arabia" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const placeholder =
      'must be set when NODE_ENV is production and PAYMENT_GATEWAY is "providers": real tax invoices cannot carry the placeholder';
    expect((error as ConfigError).problems).toEqual([
      `SELLER_VAT_NUMBER: ${placeholder}`,
      `SELLER_ADDRESS_AR: ${placeholder}`,
    ]);
    const seller = {
      SELLER_VAT_NUMBER: "310122393500003",
      SELLER_ADDRESS_EN: "12 King Fahd Road, Al Olaya, Riyadh 12211, Saudi Arabia",
      SELLER_ADDRESS_AR: "١٢ طريق الملك فهد، حي العليا، الرياض ١٢٢١١، المملكة العربية السعودية",
    };
    expect(loadConfig({ ...live, ...seller }).SELLER_VAT_NUMBER).toBe("310122393500003");
    // The sandbox's invoices are test documents, and outside production nothing is sold.
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_GATEWAY: "sandbox" }).SELLER_VAT_NUMBER).toBe(
      "300000000000003",
    );
    expect(loadConfig({ NODE_ENV: "test", PAYMENT_GATEWAY: "providers" }).SELLER_VAT_NUMBER).toBe("300000000000003");
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("names every bad variable, with the value it got", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", WHATSAPP_NUMBER: "+966 50" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain("PORT");
    expect(message).toContain('(got "eighty")');
    expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(message).toContain("WHATSAPP_NUMBER");
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it("reads the mail and lead settings, with defaults", () => {
    const defaults = loadConfig({});
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.LEADS_PER_MINUTE).toBe(5);
    expect(defaults.OUTBOX_MAX_ATTEMPTS).toBe(10);
    expect(defaults.OUTBOX_RETRY_SECONDS).toBe(30);
    const set = loadConfig({
      SMTP_URL: "smtps://studio:secret@mail.example.sa:465",
      SMTP_FROM: "Nawat Studio <hello@nawat.studio>",
      LEADS_PER_MINUTE: "20",
    });
    expect(set.SMTP_URL).toBe("smtps://studio:secret@mail.example.sa:465");
    expect(set.SMTP_FROM).toBe("Nawat Studio <hello@nawat.studio>");
    expect(set.LEADS_PER_MINUTE).toBe(20);
  });

  it("never prints a mail server's password", () => {
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: "smpt://studio:secret@mail.example.sa", SMTP_FROM: "nobody" });
    } catch (caught) {
      error = caught;
    }
    const message = (error as Error).message;
    expect(message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(message).toContain("smpt://studio:***@mail.example.sa");
    expect(message).not.toContain("secret");
    expect(message).toContain("SMTP_FROM");
  });

  it.each([
    ["DATABASE_URL", "postgres//user:pass@host/db", "postgres//user:***@host/db"],
    ["DATABASE_URL", "postgresql:user:pass@host/db", "postgresql:***@host/db"],
    ["DATABASE_URL", "user:pass@host/db", "user:***@host/db"],
    ["DATABASE_URL", "postgres//user:p@ss w:rd@host/db", "postgres//user:***@host/db"],
    ["REDIS_URL", "redis//:pass@cache:6379", "redis//:***@cache:6379"],
    ["SMTP_URL", "smtp//mailer:pass@mail.example.sa:587", "smtp//mailer:***@mail.example.sa:587"],
    ["MOYASAR_API_URL", "htps//key:pass@api.moyasar.com", "htps//key:***@api.moyasar.com"],
  ])("never prints the password of a malformed %s (%s)", (name, value, masked) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`${name}: `);
    expect(message).toContain(`(got "${masked}")`);
    expect(message).not.toContain("pass");
  });
});

describe("loadPublicConfig", () => {
  it("reads the build's studio details with the server's rules", () => {
    expect(loadPublicConfig({ WHATSAPP_NUMBER: "966511112222", STORE_URL: "" })).toMatchObject({
      WHATSAPP_NUMBER: "966511112222",
      STORE_URL: "",
      STUDIO_EMAIL: "info@nawat.studio",
    });
    expect(() => loadPublicConfig({ WHATSAPP_NUMBER: "+966 5" })).toThrow(ConfigError);
    expect(() => loadConfig({ WHATSAPP_NUMBER: "+966 5" })).toThrow(/WHATSAPP_NUMBER/);
  });
});
