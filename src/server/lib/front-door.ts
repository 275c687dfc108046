import { ServerResponse, validateHeaderName, validateHeaderValue, type IncomingMessage } from "node:http";
import { encodingPicker, type ContentEncoding } from "./accept-encoding.ts";
import { requestIdOf } from "./request-id.ts";
import type { Answers } from "./sendable.ts";

/**
 * One answer ready to replay: its status, its bytes, and its headers: those that never vary as
 * header lines validated and joined once (`head`), and as the flat [name, value, …] list
 * `writeHead` takes, Content-Length (which Node's keep-alive logic reads) and an `x-request-id`
 * pair whose value is filled in per request (`headers`).
 */
export type ReadyAnswer = { status: number; head: string; headers: [string, string, string, string]; body: Buffer };

/**
 * A response that can carry a ready answer's prebuilt header lines. Node builds a response's head
 * in `_storeHeader`, validating every header and concatenating it anew, which costs as much as
 * the rest of a door answer (18 headers, the security set included): here Node builds the head of
 * the few varying headers as usual (its own Date, Connection and Keep-Alive lines and its
 * keep-alive bookkeeping included) and the prebuilt lines are put after the status line.
 */
export class DoorResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Header lines to put in the head being stored, once. */
  ready: string | undefined;

  // Node's internal method (the same since Node 0.x, not in its typings); serving.int.test.ts
  // compares every door answer with the app's own, bytes of the head included.
  _storeHeader(firstLine: string, headers: unknown): void {
    (ServerResponse.prototype as unknown as { _storeHeader: (l: string, h: unknown) => void })._storeHeader.call(
      this,
      firstLine,
      headers,
    );
    if (this.ready === undefined) return;
    const self = this as unknown as { _header: string };
    self._header = firstLine + this.ready + self._header.slice(firstLine.length);
    this.ready = undefined;
  }
}

/** A path's answers, one per encoding, and when they stop applying. */
export type FrontDoorEntry = {
  answers: Record<ContentEncoding, ReadyAnswer>;
  /** A request carrying this cookie goes through the app (the home page's remembered language). */
  unlessCookie?: string;
  /** From this time on (Date.now()), requests go through the app again (a cache due for a re-read). */
  until?: number;
};

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
  readonly #entries = new Map<string, FrontDoorEntry>();
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
    if (this.#enabled) this.#entries.set(path, entry);
  }

  /** Sends `path` through the app again. */
  delete(path: string): void {
    this.#entries.delete(path);
  }

  /**
   * Answers `request` from memory and returns true, or returns false and touches nothing, for the
   * app to answer.
   */
  serve(request: IncomingMessage, response: DoorResponse): boolean {
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
    answer.headers[3] = requestIdOf(headers["x-request-id"]);
    response.ready = answer.head;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    this.served++;
    return true;
  }
}

/**
 * An answer ready to replay from its status, headers (as a route and the hooks set them; the
 * exchange's own are dropped) and bytes. Content-Length is added; an answer that sets a cookie is
 * not the same for everyone and is refused.
 */
export function readyAnswer(status: number, headers: Readonly<Record<string, string>>, body: Buffer): ReadyAnswer {
  let head = "";
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === "set-cookie") throw new Error("an answer that sets a cookie cannot be replayed");
    if (perExchange.has(lower) || lower === "content-length") continue;
    // What writeHead would check on every request, checked once.
    validateHeaderName(lower);
    validateHeaderValue(lower, value);
    head += `${lower}: ${value}\r\n`;
  }
  return { status, head, headers: ["content-length", String(body.length), "x-request-id", ""], body };
}

/** A path's answers in every encoding, ready to replay: the hooks' `base` headers, then each answer's own. */
export function readyAnswers(base: Readonly<Record<string, string>>, answers: Answers): FrontDoorEntry["answers"] {
  const one = ({ headers, body }: Answers[ContentEncoding]) => readyAnswer(200, { ...base, ...headers }, body);
  return { identity: one(answers.identity), br: one(answers.br), gzip: one(answers.gzip) };
}
