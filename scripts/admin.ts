/**
 * `npm run admin -- create --email … --password … [--first-name …] [--last-name …]`: the first
 * admin of a fresh install (DESIGN D7), or an existing account made admin: only if its address is
 * verified, and then it takes the given password and every session of it is ended (issue 37); an
 * unverified account is refused (exit code 1). Uses the same database as the server: DATABASE_URL when set, otherwise the
 * PGlite folder DATA_DIR (stop the server first: a PGlite folder is one process's at a time).
 * The password may also come from the ADMIN_PASSWORD variable, to keep it out of shell history.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { describeStartupFailure } from "#server/lib/startup-failure.ts";
import { adminRefusalMessage, createAdmin } from "#server/modules/accounts/create-admin.ts";
import { accountEmailField, firstNameField, lastNameField } from "#shared/schemas/auth.ts";
import { isMessageKey, translate } from "#shared/i18n/translate.ts";

const usage = `usage: npm run admin -- create --email <e-mail> --password <password> [--first-name <name>] [--last-name <name>]
  (or set ADMIN_PASSWORD instead of --password)`;

const inputSchema = z.object({
  email: accountEmailField,
  password: z.string().min(8, "the password must be at least 8 characters").max(256),
  firstName: firstNameField.optional(),
  lastName: lastNameField.optional(),
});

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals[0] !== "create" || positionals.length !== 1) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const parsed = inputSchema.safeParse({
    email: values.email,
    password: values.password ?? process.env.ADMIN_PASSWORD,
    firstName: values["first-name"],
    lastName: values["last-name"],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const message = isMessageKey(issue.message) ? translate("en", issue.message) : issue.message;
      console.error(`--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${message}`);
    }
    console.error(usage);
    return 2;
  }

  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  try {
    const result = await createAdmin(database.db, parsed.data);
    const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.DATA_DIR}`;
    const { email } = parsed.data;
    switch (result.outcome) {
      case "refused":
        console.error(`Not done: ${adminRefusalMessage(email)} [${where}]`);
        return 1;
      case "created":
        console.log(`Created the admin account ${email} [${where}].`);
        return 0;
      case "promoted":
        console.log(
          `${email} already had a verified account: it is now an admin, its password is now the one given, and ` +
            `${result.sessionsEnded} session(s) of it were ended [${where}].`,
        );
        return 0;
      case "unchanged":
        console.log(`${email} is already an admin: nothing to do (its password is unchanged) [${where}].`);
        return 0;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(describeStartupFailure(error));
    process.exit(1);
  },
);
