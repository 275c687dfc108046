import { ConfigError } from "../config.ts";
import { redactSecrets } from "./redact.ts";

/** A start-up step failed because of one setting; `variable` names it for the operator. */
export class StartupError extends Error {
  constructor(
    readonly variable: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "StartupError";
  }
}

function causes(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error && messages.length < 4; current = current.cause) {
    const message = current.message.split("\n")[0]!.trim();
    if (message && !messages.some((seen) => seen.includes(message))) messages.push(message);
  }
  // AggregateError (a host with several addresses, none reachable) keeps the real reasons inside.
  if (error instanceof AggregateError && messages.length === 0) {
    messages.push(...error.errors.map((inner: unknown) => (inner instanceof Error ? inner.message : String(inner))));
  }
  return messages.join(": ") || String(error);
}

function listenFailure(error: NodeJS.ErrnoException, where: { host: string; port: number }): string | undefined {
  if (error.code === "EADDRINUSE")
    return `PORT: port ${where.port} on ${where.host} is already in use by another process`;
  if (error.code === "EACCES") return `PORT: this user may not listen on port ${where.port}`;
  if (error.code === "EADDRNOTAVAIL") return `HOST: ${where.host} is not an address of this machine`;
  return undefined;
}

/**
 * One line (a ConfigError: one line per bad variable) saying which setting failed and why, with
 * secrets masked and no stack trace; `debug` adds the stack for those chasing a bug.
 */
export function describeStartupFailure(
  error: unknown,
  context: { env?: Record<string, string | undefined>; listen?: { host: string; port: number }; debug?: boolean } = {},
): string {
  const env = context.env ?? process.env;
  let text: string;
  if (error instanceof ConfigError) text = error.message;
  else if (error instanceof StartupError) text = `Cannot start: ${error.variable}: ${causes(error)}`;
  else {
    const listen = context.listen && listenFailure(error as NodeJS.ErrnoException, context.listen);
    text = `Cannot start: ${listen ?? causes(error)}`;
  }
  if (context.debug && error instanceof Error && error.stack) text += `\n${error.stack}`;
  return redactSecrets(text, env);
}
