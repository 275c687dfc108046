import { isIP } from "node:net";
import { z } from "zod";
import { publicConfigSchema, type PublicConfig } from "#shared/site-config.ts";
import { isSecretVariable, maskValue } from "./lib/redact.ts";
import { withSecretFiles } from "./lib/secret-files.ts";
import { invoiceConfigShape, placeholderSellerDetails } from "./modules/invoices/invoice-config.ts";
import { ordersConfigShape } from "./modules/orders/orders-config.ts";
import { paymentsConfigShape } from "./modules/payments/payments-config.ts";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const proxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address in X-Forwarded-For (DESIGN D14: rate limits key on
 * it). `false`: none, the socket's peer is the client. A number: that many proxies in front of the
 * app, each adding one entry, so the client is that many entries from the right; anything further
 * left was written by the client. `true` means 1, never "believe every entry". A comma list:
 * proxies by address or CIDR (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === "false" || value === "0") return false;
    if (value === "true") return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length === 0) return entries;
    context.addIssue({
      code: "custom",
      message: `must be false, a number of proxy hops (1-10), or a comma list of proxy addresses or CIDRs; not understood: ${bad.join(", ")}`,
    });
    return z.NEVER;
  });

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback);

/** Every setting the server reads, validated once at start (DESIGN D13). */
export const configSchema = publicConfigSchema.extend({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  STATIC_DIR: z.string().min(1).default("./dist/client"),
  MEDIA_DIR: z.string().min(1).default("./media"),
  TRUST_PROXY: trustProxySchema.default(false),
  /** Run background jobs (the e-mail outbox, order expiry) in this process. */
  BACKGROUND_JOBS: booleanFlag.default(true),
  /** Whole request, headers and body, from the first byte (slow clients are cut off after it). */
  REQUEST_TIMEOUT_MS: milliseconds(60_000),
  /** Request line and headers. */
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  /** An idle kept-alive connection (above a load balancer's own idle timeout, 60 s on most). */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  /** A socket with no traffic either way while a request is open. */
  CONNECTION_TIMEOUT_MS: milliseconds(60_000),
  /**
   * After SIGTERM, how long the server keeps serving (with /readyz at 503 and `Connection: close`)
   * before it stops accepting: longer than the balancer needs to take it out (its health-check
   * interval times its fall count; HAProxy `inter 1s fall 2` is 2 s).
   */
  SHUTDOWN_GRACE_MS: milliseconds(3_000),
  /** From the signal, the grace included: past this the process exits with code 1. */
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000),
  /** PostgreSQL: the server cancels any statement running longer. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(10_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Prometheus metrics (`GET /metrics`) on a port of their own, never the site's; 0: no metrics. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9091),
  /** The metrics port's interface: loopback unless a scraper on another host (a private network) needs it. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** When set, the scraper must send `Authorization: Bearer <token>` (also METRICS_TOKEN_FILE). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** `smtp://user:pass@host:587` or `smtps://…:465`: where the outbox sends e-mail. Unset: mail waits in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The sender of the site's e-mails, `address` or `Name <address>` (default: the studio's e-mail). */
  SMTP_FROM: z
    .string()
    .regex(/^[^\r\n<>]*<?[^\s@<>]+@[^\s@<>]+>?$/, "must be an e-mail address, optionally as Name <address>")
    .optional(),
  /** Leads (contact, service request, proposal) one address may send per minute. */
  LEADS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /** Acknowledgements one recipient address may be sent per day; further leads are stored and the studio told, unacknowledged. */
  LEAD_ACKNOWLEDGEMENTS_PER_DAY: z.coerce.number().int().min(0).max(1000).default(3),
  /** Accounts one address may create per hour (also bounds probing for registered e-mails). */
  SIGNUPS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Sign-in requests one address may make per minute, successful or not. */
  SIGNIN_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /**
   * Failed passwords for one account (counted over SIGNIN_FAILURES_WINDOW_MINUTES) before each
   * further attempt must wait a delay that doubles from 1 s (issue 37: a delay, never a lock).
   */
  SIGNIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** The same for failed passwords from one address, whatever the accounts. */
  SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /** The longest of those delays: an account's owner never waits longer (a password reset clears it). */
  SIGNIN_FAILURES_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How long failures are counted, from the first. */
  SIGNIN_FAILURES_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Password checks (sign-in, sign-up, resets) that may wait for a free core before further ones get 503. */
  PASSWORD_CHECK_QUEUE: z.coerce.number().int().min(0).max(10_000).default(4),
  /** The first admin (DESIGN D7): created at start, or promoted if its account exists and is verified (issue 37). */
  ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(256).optional(),
  /** Tries of one e-mail before it is marked failed (an unreachable mail server does not use them up). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** First retry delay of a failed e-mail; it doubles with each try, up to an hour. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** A message claimed longer ago than this by a worker that died is claimed again (then sent a second time; decision 13). */
  OUTBOX_CLAIM_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** Font recognizer worker threads (default: the recognizer's own choice from the CPU count). */
  FONT_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  /** Font analyses that may wait for a worker before further ones get 503 with Retry-After. */
  FONT_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).optional(),
  // The checkout (issue 12): each area keeps its settings beside its code.
  ...ordersConfigShape,
  ...paymentsConfigShape,
  ...invoiceConfigShape,
});

export type Config = z.infer<typeof configSchema>;

/** Settings read together: ADMIN_EMAIL and ADMIN_PASSWORD come as a pair; the shutdown bound leaves room after the grace. */
const checkedTogether = configSchema.superRefine((config, context) => {
  if (config.SHUTDOWN_TIMEOUT_MS <= config.SHUTDOWN_GRACE_MS) {
    context.addIssue({
      code: "custom",
      path: ["SHUTDOWN_TIMEOUT_MS"],
      message: `must be longer than SHUTDOWN_GRACE_MS (${config.SHUTDOWN_GRACE_MS} ms): it bounds the whole shutdown, the grace included`,
    });
  }
  for (const name of placeholderSellerDetails(config)) {
    context.addIssue({
      code: "custom",
      path: [name],
      message:
        'must be set when NODE_ENV is production and PAYMENT_GATEWAY is "providers": real tax invoices cannot carry the placeholder',
    });
  }
  if (Boolean(config.ADMIN_EMAIL) === Boolean(config.ADMIN_PASSWORD)) return;
  const missing = config.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL";
  context.addIssue({
    code: "custom",
    path: [missing],
    message: "must be set together with the other of ADMIN_EMAIL/ADMIN_PASSWORD",
  });
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** A bad value as the error message may show it: secrets hidden, URL passwords masked (malformed URLs too). */
function shown(name: string, value: string): string {
  return isSecretVariable(name) ? "a value, hidden" : `"${maskValue(name, value)}"`;
}

/**
 * Parses the environment; throws a ConfigError listing every bad variable by name. Secrets may
 * come from files: `DATABASE_URL_FILE`, `ADMIN_PASSWORD_FILE`… (lib/secret-files.ts).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const secrets = withSecretFiles(env);
  if (secrets.problems.length > 0) throw new ConfigError(secrets.problems);
  return parseEnvironment(checkedTogether, secrets.env);
}

/**
 * The studio details the build bakes into the prerendered pages: the same parse, rules and
 * messages as the server's, so the build and the server never read a variable differently.
 */
export function loadPublicConfig(env: Record<string, string | undefined> = process.env): PublicConfig {
  return parseEnvironment(publicConfigSchema, env);
}

function parseEnvironment<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.output<S> {
  // An empty variable means "not set", as in most deployment tools.
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(defined);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return `${name}: ${issue.message}${name in defined ? ` (got ${shown(name, defined[name]!)})` : ""}`;
    }),
  );
}
