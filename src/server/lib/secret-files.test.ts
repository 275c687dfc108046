import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";

const folder = mkdtempSync(join(tmpdir(), "secrets-"));
const secret = (name: string, contents: string) => {
  const path = join(folder, name);
  writeFileSync(path, contents);
  return path;
};

describe("secrets from files (DATABASE_URL_FILE, ADMIN_PASSWORD_FILE…)", () => {
  it("reads each secret setting from its _FILE twin, without the file's trailing line break", () => {
    const config = loadConfig({
      DATABASE_URL_FILE: secret("database_url", "postgres://studio:s3cret@db:5432/studio\n"),
      SMTP_URL_FILE: secret("smtp_url", "smtp://mail:pw@smtp:587"),
      ADMIN_EMAIL: "admin@nawat.studio",
      ADMIN_PASSWORD_FILE: secret("admin_password", "long enough password\r\n"),
      MOYASAR_SECRET_KEY_FILE: secret("moyasar", "sk_test_abc\n"),
    });
    expect(config.DATABASE_URL).toBe("postgres://studio:s3cret@db:5432/studio");
    expect(config.SMTP_URL).toBe("smtp://mail:pw@smtp:587");
    expect(config.ADMIN_PASSWORD).toBe("long enough password");
    expect(config.MOYASAR_SECRET_KEY).toBe("sk_test_abc");
  });

  it("refuses a setting given both ways, or a file it cannot read, naming the _FILE variable", () => {
    const attempt = () =>
      loadConfig({
        SMTP_URL: "smtp://a@b:25",
        SMTP_URL_FILE: secret("smtp_twice", "smtp://c@d:25"),
        DATABASE_URL_FILE: join(folder, "missing"),
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SMTP_URL_FILE: set either SMTP_URL or SMTP_URL_FILE, not both/);
    expect(attempt).toThrow(/DATABASE_URL_FILE: cannot read .*missing \(ENOENT\)/);
  });

  it("leaves other _FILE variables alone (they are not secrets)", () => {
    expect(loadConfig({ PORT_FILE: "/nonexistent" }).PORT).toBe(3000);
  });

  it("checks a value read from a file like any other", () => {
    expect(() => loadConfig({ DATABASE_URL_FILE: secret("bad_url", "mysql://x") })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/x"\)/,
    );
  });
});
