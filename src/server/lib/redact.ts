const secretName = /(^|_)(KEY|SECRET|PASSWORD|PASS|TOKEN|HEADER_VALUE)$/i;
const urlPassword = /([a-z][a-z0-9+.-]*:\/\/[^:/?#@\s"]*:)[^@\s"]*@/gi;

/**
 * Whether a variable's value must never be printed (*_KEY, *_SECRET, *_PASSWORD, *_TOKEN, and
 * *_HEADER_VALUE: a shared header a provider's webhook proves itself with, e.g. Tabby's).
 */
export function isSecretVariable(name: string): boolean {
  return secretName.test(name);
}

/** `postgres://user:secret@host` → `postgres://user:***@host`, anywhere in the text. */
export function maskUrlPasswords(text: string): string {
  return text.replace(urlPassword, "$1***@");
}

/**
 * Masks secrets in text meant for a terminal or a log: URL passwords, and the value of every
 * secret variable wherever it appears.
 */
export function redactSecrets(text: string, env: Record<string, string | undefined> = process.env): string {
  let redacted = maskUrlPasswords(text);
  for (const [name, value] of Object.entries(env)) {
    if (value && value.length >= 4 && isSecretVariable(name)) redacted = redacted.split(value).join("***");
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
