import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { loggableUrl } from "./redact.ts";
import type { Bindings, ChildLoggerOptions, Logger } from "pino";

type LevelName = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type Write = (...args: unknown[]) => void;

/**
 * A request's logger that becomes a pino child (the request id bound, and the route's own level
 * when it sets `logLevel`) only when it first writes a line. Most requests write none (pages and
 * assets log at debug, the server runs at info or above), and a pino child made for every request
 * was a measurable share of serving a page (issue 9). A line below the level costs one comparison.
 */
class RequestLogger {
  #child: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #real(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  #enabled(level: LevelName): boolean {
    const values = this.#parent.levels.values;
    const threshold = this.#child
      ? this.#child.levelVal
      : this.#options.level
        ? (values[this.#options.level] ?? this.#parent.levelVal)
        : this.#parent.levelVal;
    return (values[level] ?? 0) >= threshold;
  }

  #write(level: LevelName, args: unknown[]): void {
    if (this.#enabled(level)) (this.#real[level] as Write).apply(this.#real, args);
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real.level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request logger made only when the request logs something. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * The one line logged for an answered request: method, URL, status, time. The URL's query is
 * left out unless the request's logger writes debug lines (redact.ts `loggableUrl`): a query can
 * carry an access token or a provider's payment id, and info lines go to shared log stores.
 * No header is logged, so neither Authorization nor cookies can appear.
 */
export function requestLine(request: FastifyRequest, reply: FastifyReply) {
  const debug = reply.log.level === "debug" || reply.log.level === "trace";
  return {
    method: request.method,
    url: loggableUrl(request.url, debug),
    statusCode: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
  };
}
