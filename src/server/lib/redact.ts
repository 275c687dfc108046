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
