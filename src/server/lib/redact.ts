const secretName = /(^|_)(KEY|SECRET|PASSWORD|PASS|TOKEN|HEADER_VALUE)$/i;
/** A variable holding a URL (DATABASE_URL, REDIS_URL, SMTP_URL, a provider's *_API_URL). */
const urlName = /(^|_)URL$/i;
/**
 * What a text is cut into to look for credentials: runs without spaces or quotes (a password that
 * was not percent-encoded may hold any other character).
 */
const word = /[^\s"'`]+/g;

/**
 * Whether a variable's value must never be printed (*_KEY, *_SECRET, *_PASSWORD, *_TOKEN, and
 * *_HEADER_VALUE: a shared header a provider's webhook proves itself with, e.g. Tabby's).
 */
export function isSecretVariable(name: string): boolean {
  return secretName.test(name);
}

/**
 * Where the password of a URL-like word is: from the first ":" of its user information to its
 * last "@". The user information starts after the first "//" or, in a value too malformed to
 * have one (`postgres:user:pass@host`, `user:pass@host`), at the word's start: there the scheme
 * cannot be told from a user name, so everything from the first ":" is taken for the password.
 * A password may itself hold "@", ":" or "/" when it was not percent-encoded. Undefined when the
 * word carries no "name:secret@".
 */
function passwordSpan(text: string): { start: number; end: number } | undefined {
  const end = text.lastIndexOf("@");
  if (end < 0) return undefined;
  const slashes = text.indexOf("//");
  const from = slashes >= 0 && slashes < end ? slashes + 2 : 0;
  const colon = text.indexOf(":", from);
  if (colon < 0 || colon >= end) return undefined;
  return { start: colon + 1, end };
}

function maskWord(text: string): string {
  const span = passwordSpan(text);
  return span ? `${text.slice(0, span.start)}***${text.slice(span.end)}` : text;
}

/**
 * `postgres://user:secret@host` → `postgres://user:***@host`, anywhere in the text, and the same
 * for malformed URLs a start-up failure may echo: `postgres//user:secret@host` →
 * `postgres//user:***@host`, `user:secret@host` → `user:***@host`.
 */
export function maskUrlPasswords(text: string): string {
  return text.replace(word, maskWord);
}

/**
 * A variable's value as an error may show it: a URL variable's password masked even where it holds
 * a space, and URL passwords anywhere in any other value.
 */
export function maskValue(name: string, value: string): string {
  return urlName.test(name) ? maskWord(value) : maskUrlPasswords(value);
}

/** The password a URL-like value carries (as `maskUrlPasswords` would hide it), if any. */
function urlPassword(value: string): string | undefined {
  const trimmed = value.trim();
  const span = passwordSpan(trimmed);
  return span ? trimmed.slice(span.start, span.end) : undefined;
}

/**
 * Masks secrets in text meant for a terminal or a log: URL passwords, the value of every secret
 * variable wherever it appears, and the password of every URL variable wherever it appears (a
 * driver's message may quote it without the URL around it).
 */
export function redactSecrets(text: string, env: Record<string, string | undefined> = process.env): string {
  let redacted = maskUrlPasswords(text);
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (value.length >= 4 && isSecretVariable(name)) redacted = redacted.split(value).join("***");
    const password = urlName.test(name) ? urlPassword(value) : undefined;
    if (password && password.length >= 3) redacted = redacted.split(password).join("***");
  }
  return redacted;
}

/** Query parameters whose values are credentials or payment references (issue 35). */
const sensitiveParameter =
  /^(access|token|tamaratoken|paymentid|payment_id|id|intent|key|secret|signature|sig|code|password)$/i;

/**
 * A request's URL as a log line may show it (issue 35): at info and above the path alone, since
 * a query can carry an order's access token, Tamara's `tamaraToken` or a provider's payment id;
 * below (debug, trace) the query too, with the values of credential-like parameters masked.
 */
export function loggableUrl(url: string, withQuery: boolean): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  if (!withQuery) return `${path}?…`;
  const params = new URLSearchParams(url.slice(mark + 1));
  const shown = [...params].map(
    ([name, value]) =>
      `${encodeURIComponent(name)}=${sensitiveParameter.test(name) ? "***" : encodeURIComponent(value)}`,
  );
  return `${path}?${shown.join("&")}`;
}

/** Headers a log line never carries, whatever logs them (pino's `redact` paths). */
export const neverLoggedHeaders = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-order-access"]',
  'req.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["x-order-access"]',
  'res.headers["set-cookie"]',
];
