import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** An e-mail the browser tests' server sent (tests/e2e/serve.ts files each one as JSON). */
export type SentMail = { to: string[]; subject: string; text: string; html: string };

/** Where the server of the browser tests on `port` files the e-mails it sends. */
export function e2eMailDir(port: string | number): string {
  return join(tmpdir(), `studio-e2e-mail-${port}`);
}

function readAll(): SentMail[] {
  const dir = e2eMailDir(process.env.E2E_PORT ?? "3100");
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  return files.sort().map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as SentMail);
}

/** Waits for the `nth` (1-based) e-mail to `address` whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp, nth = 1, timeoutMs = 15_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = readAll().filter(
      (mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && subject.test(mail.subject),
    );
    if (matching.length >= nth) return matching[nth - 1]!;
    if (Date.now() > deadline) throw new Error(`no e-mail #${nth} to ${address} matching ${subject} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in an e-mail's text that starts with `prefix`. */
export function linkIn(mail: SentMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in "${mail.subject}":\n${mail.text}`);
  return link;
}
