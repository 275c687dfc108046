/**
 * The server the browser tests talk to: the built site with a fresh PGlite database in a
 * temporary folder, on its own port.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { E2E_ADMIN } from "./e2e-admin.ts";

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "studio-e2e-"));
process.env.PORT = process.env.E2E_PORT ?? "3100";
process.env.HOST = "127.0.0.1";
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
// The first admin, as an operator creates it (DESIGN D7): the admin tests sign in with it.
process.env.ADMIN_EMAIL = E2E_ADMIN.email;
process.env.ADMIN_PASSWORD = E2E_ADMIN.password;

// The server as it ships: the bundle `npm run build` wrote (run it from the sources with
// E2E_FROM_SOURCES=1, e.g. to debug).
await import(process.env.E2E_FROM_SOURCES ? "#server/server.ts" : pathToFileURL("dist/server/server.js").href);
