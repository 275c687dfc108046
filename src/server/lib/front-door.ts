import { validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from "node:http";
import { encodingPicker, type ContentEncoding } from "./accept-encoding.ts";
import { requestIdOf } from "./request-id.ts";
import type { Answers } from "./sendable.ts";

/**
 * One answer ready to replay: its status, its bytes, and its headers as the flat
 * [name, value, name, value, …] list `writeHead` takes: those that never vary, then Content-Length
 * (which Node's keep-alive logic reads) and an `x-request-id` pair whose value is filled in per
 * request (the last slot).
 */
export type ReadyAnswer = { status: number; headers: string[]; body: Buffer };

/** A path's answers, one per encoding, and when they stop applying. */
export type FrontDoorEntry = {
  answers: Record<ContentEncoding, ReadyAnswer>;
  /** A request carrying this cookie goes through the app (the home page's remembered language). */
  unlessCookie?: string;
  /** From this time on (Date.now()), requests go through the app again (a cache due for a re-read). */
  until?: number;
};

/** What the door answers, for the request counts by kind (metrics: `front-door:page` …). */
export type FrontDoorKind = "page" | "asset" | "api";

/** A held path's kind, from its place in the site. */
function kindOf(path: string): FrontDoorKind {
  return path.startsWith("/assets/") ? "asset" : path.startsWith("/api/") ? "api" : "page";
}

/** A held entry with the tally of its kind, so that serving it counts with one increment. */
type Held = FrontDoorEntry & { readonly tally: { count: number } };

/** Headers that belong to one exchange, not to the answer: never kept, never replayed. */
const perExchange = new Set(["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"]);

/**
 * Answers the app gives the same way to everyone (prerendered pages, hashed assets, the product
 * catalog), replayed in front of Fastify (docs/decisions/0027). The plugin that makes an answer
 * puts it here with the headers its route and the pipeline's hooks give it (the security set
 * included); serving.int.test.ts compares the two for every path. Only a plain GET of a path held
 * here takes this door; a conditional request, a HEAD, a query string, an unknown path or a
 * request carrying a cookie that matters goes through the app as before. Disabled (with debug
 * logging, where every request is logged), it holds nothing and lets everything through.
 */
export class FrontDoor {
  readonly #entries = new Map<string, Held>();
  readonly #tallies: Record<FrontDoorKind, { count: number }> = {
    page: { count: 0 },
    asset: { count: 0 },
    api: { count: 0 },
  };
  readonly #encodingFor = encodingPicker();
  readonly #enabled: boolean;
  /** How many requests were answered here (the tests read it; a counter costs nothing). */
  served = 0;

  constructor(options: { enabled: boolean }) {
    this.#enabled = options.enabled;
  }

  /** The paths answered here. */
  paths(): string[] {
    return [...this.#entries.keys()];
  }

  /** Whether a request for `path` (a query string aside) is one this door answers. */
  holds(url: string): boolean {
    const query = url.indexOf("?");
    return this.#entries.has(query === -1 ? url : url.slice(0, query));
  }

  /** Answers `path` here from now on (or until `entry.until`). */
  set(path: string, entry: FrontDoorEntry): void {
    if (this.#enabled) this.#entries.set(path, { ...entry, tally: this.#tallies[kindOf(path)] });
  }

  /** How many requests were answered here, by kind of answer, since the process started. */
  servedByKind(): Record<FrontDoorKind, number> {
    return { page: this.#tallies.page.count, asset: this.#tallies.asset.count, api: this.#tallies.api.count };
  }

  /** Sends `path` through the app again. */
  delete(path: string): void {
    this.#entries.delete(path);
  }

  /**
   * Answers `request` from memory and returns true, or returns false and touches nothing, for the
   * app to answer.
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" || this.#entries.size === 0) return false;
    const url = request.url;
    if (url === undefined || url.includes("?")) return false;
    const entry = this.#entries.get(url);
    if (entry === undefined) return false;
    const headers = request.headers;
    if (headers["if-none-match"] !== undefined || headers["if-modified-since"] !== undefined) return false;
    if (entry.unlessCookie !== undefined && headers.cookie?.includes(`${entry.unlessCookie}=`)) return false;
    if (entry.until !== undefined && Date.now() >= entry.until) return false;
    const answer = entry.answers[this.#encodingFor(headers["accept-encoding"])];
    // writeHead reads the list at once (nothing else runs meanwhile), so the last slot is reused.
    answer.headers[answer.headers.length - 1] = requestIdOf(headers["x-request-id"]);
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    this.served++;
    entry.tally.count++;
    return true;
  }
}

/**
 * An answer ready to replay from its status, headers (as a route and the hooks set them; the
 * exchange's own are dropped) and bytes. Content-Length is added; an answer that sets a cookie is
 * not the same for everyone and is refused.
 */
export function readyAnswer(status: number, headers: Readonly<Record<string, string>>, body: Buffer): ReadyAnswer {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === "set-cookie") throw new Error("an answer that sets a cookie cannot be replayed");
    if (perExchange.has(lower) || lower === "content-length") continue;
    // A header writeHead would refuse fails here, when the answer is made, not on a visitor's request.
    validateHeaderName(lower);
    validateHeaderValue(lower, value);
    list.push(lower, value);
  }
  list.push("content-length", String(body.length), "x-request-id", "");
  return { status, headers: list, body };
}

/** A path's answers in every encoding, ready to replay: the hooks' `base` headers, then each answer's own. */
export function readyAnswers(base: Readonly<Record<string, string>>, answers: Answers): FrontDoorEntry["answers"] {
  const one = ({ headers, body }: Answers[ContentEncoding]) => readyAnswer(200, { ...base, ...headers }, body);
  return { identity: one(answers.identity), br: one(answers.br), gzip: one(answers.gzip) };
}
