import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake received, as the provider would have seen it. */
export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
};

/** A webhook the fake sent to the shop, with the shop's answer. */
export type Delivery = { url: string; body: unknown; headers: Record<string, string>; status: number | "error" };

export type Reply = { status: number; body?: unknown; html?: string };

type Route = {
  method: string;
  pattern: RegExp;
  handle: (request: RecordedRequest, params: string[]) => Reply | Promise<Reply>;
};

/** A webhook not sent yet: held for `flushWebhooks`, or due at `dueAt` on the test clock. */
type PendingWebhook = { url: string; body: unknown; headers: Record<string, string>; dueAt?: number };

/**
 * How webhooks go out. `duplicate`: each is delivered twice. `hold`: kept until `flushWebhooks`.
 * `delayMs`: kept until the test clock has moved this far past the moment it was sent. `order`:
 * how webhooks released together are delivered: as sent, newest first, or shuffled (seeded).
 */
export type WebhookMode = {
  duplicate: boolean;
  hold: boolean;
  delayMs?: number;
  order?: "sent" | "reverse" | "shuffle";
};

/**
 * The provider carries a request out in full (the charge exists, the capture or refund is
 * applied, its webhooks are sent) and then its answer is lost, as a dropped connection, a proxy's
 * 5xx or a timeout lose it: `reset` closes the connection without a byte, `hang` never answers
 * (the caller's deadline ends it), `error` answers `status` (502 by default) instead of the
 * provider's answer, `cut` sends the success's headers and half its body, then closes.
 */
export type DropRule = {
  method: string;
  /** A path prefix, or a pattern of the whole path. */
  path: string | RegExp;
  /** The next `count` requests that match. */
  count?: number;
  /** Or each matching request with this probability, drawn from the fake's seeded random. */
  fraction?: number;
  how?: "reset" | "hang" | "error" | "cut";
  status?: number;
  /** How long the provider takes before the answer is lost (the request is carried out first). */
  delayMs?: number;
};

/**
 * The provider's clock, which a test moves (Stripe's "test clocks" for our fakes): real time plus
 * an offset, so it runs on by itself as a provider's does, and jumps when a test advances it.
 * Every timestamp a fake writes and every expiry it runs reads this clock.
 */
export class TestClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error("the clock only moves forward");
    this.offsetMs += ms;
  }

  /** Moves the clock to `date` (forward only: a provider's history does not run backwards). */
  set(date: Date): void {
    this.advance(Math.max(0, date.getTime() - this.nowMs()));
  }
}

/** A small seeded generator (mulberry32): the same seed, the same drops and the same shuffles. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The plumbing shared by the provider fakes (src/server/modules/payments/providers/<id>/fake-server.ts):
 * a node:http server on 127.0.0.1 and a free port, JSON in and out, a log of every API request
 * (tests assert from it that the adapter asked the provider again before acting), and the ways the
 * real providers misbehave, each switched on by the test or by an HTTP control route:
 * - a test clock (`clock`; `POST /__test/clock {advanceMs | to}`) on which the providers' expiries
 *   run (each fake's `expireDue`), checked before every API request and whenever it moves;
 * - a failure before the provider acts (`failNext`; `POST /__test/fail-next`): an error status or a
 *   stall, nothing carried out;
 * - an answer lost after the provider acted (`dropAnswers`; `POST /__test/drop-answers`);
 * - webhooks sent twice, held back for `flushWebhooks` or for a delay on the test clock, and
 *   released as sent, newest first or shuffled (`webhookMode`; `POST /__test/webhooks`,
 *   `POST /__test/webhooks/flush`).
 * Routes under /__test/ are the test controls and are not logged.
 */
export class FakeProvider {
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  /** The requests carried out whose answer was then lost (dropAnswers). */
  readonly dropped: RecordedRequest[] = [];
  readonly clock = new TestClock();
  webhookMode: WebhookMode = { duplicate: false, hold: false };
  /**
   * How a webhook reaches the shop: a real HTTP POST by default; a test of an app it did not start
   * listening (Fastify's inject) replaces it, keeping the URL, headers and body the provider sends.
   */
  deliverVia?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  private readonly held: PendingWebhook[] = [];
  private readonly failures: { status: number; body?: unknown; delayMs?: number }[] = [];
  private readonly drops: DropRule[] = [];
  private readonly routes: Route[] = [];
  private random = seeded(35);
  private readonly server = createServer((request, response) => void this.serve(request, response));
  url = "";

  constructor() {
    this.routes.push(
      {
        method: "POST",
        pattern: /^\/__test\/fail-next$/,
        handle: (request) => {
          this.failNext(request.body as { status: number; body?: unknown; delayMs?: number });
          return { status: 204 };
        },
      },
      {
        method: "POST",
        pattern: /^\/__test\/drop-answers$/,
        handle: (request) => {
          const body = (request.body ?? {}) as Omit<DropRule, "path"> & {
            path?: string;
            pathPattern?: string;
            seed?: number;
          };
          if (typeof body.method !== "string" || (body.path === undefined && body.pathPattern === undefined)) {
            return { status: 400, body: { message: "method and path (a prefix) or pathPattern are required" } };
          }
          if (body.seed !== undefined) this.seedRandom(body.seed);
          const { path, pathPattern, seed: _seed, ...rule } = body;
          this.dropAnswers({ ...rule, path: pathPattern === undefined ? path! : new RegExp(pathPattern) });
          return { status: 204 };
        },
      },
      {
        method: "POST",
        pattern: /^\/__test\/clock$/,
        handle: async (request) => {
          const body = (request.body ?? {}) as { advanceMs?: number; to?: string };
          if (typeof body.advanceMs === "number") this.clock.advance(body.advanceMs);
          if (typeof body.to === "string") this.clock.set(new Date(body.to));
          await this.tick();
          return { status: 200, body: { now: this.clock.now().toISOString() } };
        },
      },
      {
        method: "POST",
        pattern: /^\/__test\/seed$/,
        handle: (request) => {
          this.seedRandom(Number((request.body as { seed?: number } | undefined)?.seed ?? 35));
          return { status: 204 };
        },
      },
      {
        method: "POST",
        pattern: /^\/__test\/webhooks$/,
        handle: (request) => {
          Object.assign(this.webhookMode, request.body);
          return { status: 204 };
        },
      },
      {
        method: "POST",
        pattern: /^\/__test\/webhooks\/flush$/,
        handle: async (request) => {
          const body = (request.body ?? {}) as { reverse?: boolean; shuffle?: boolean };
          await this.flushWebhooks({ reverse: Boolean(body.reverse), shuffle: Boolean(body.shuffle) });
          return { status: 200, body: { deliveries: this.deliveries } };
        },
      },
    );
  }

  /** Adds an API route or a test control of the provider being faked. */
  protected route(method: string, pattern: RegExp, handle: Route["handle"]): void {
    this.routes.push({ method, pattern, handle });
  }

  /** The provider's own expiries, due at `now` on the test clock (each fake its own). */
  protected async expireDue(_now: Date): Promise<void> {}

  async start(): Promise<this> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next API call answers `status` with `body` (after `delayMs`, to exercise timeouts), without acting. */
  failNext(failure: { status: number; body?: unknown; delayMs?: number }): void {
    this.failures.push(failure);
  }

  /** Carries out the matching requests in full, then loses their answer (see DropRule). */
  dropAnswers(rule: DropRule): void {
    if (rule.count === undefined && rule.fraction === undefined) rule = { ...rule, count: 1 };
    this.drops.push({ ...rule });
  }

  /** No more lost answers. */
  clearDrops(): void {
    this.drops.length = 0;
  }

  /** Reseeds the random draws (dropped fractions, shuffled webhooks). */
  seedRandom(seed: number): void {
    this.random = seeded(seed);
  }

  /** Moves the test clock forward, then runs what fell due: expiries and delayed webhooks. */
  async advanceClock(ms: number): Promise<void> {
    this.clock.advance(ms);
    await this.tick();
  }

  /** The API requests with this method whose path starts with `prefix`. */
  requestsTo(method: string, prefix: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path.startsWith(prefix));
  }

  /** The webhooks not delivered yet. */
  get pendingWebhooks(): number {
    return this.held.length;
  }

  /** Sends (or holds, or delays) a webhook to the shop. */
  async sendWebhook(url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
    const webhook: PendingWebhook = { url, body, headers };
    if (this.webhookMode.hold) {
      this.held.push(webhook);
      return;
    }
    if (this.webhookMode.delayMs && this.webhookMode.delayMs > 0) {
      this.held.push({ ...webhook, dueAt: this.clock.nowMs() + this.webhookMode.delayMs });
      return;
    }
    await this.deliverOnce(webhook);
  }

  /**
   * Sends every webhook held or delayed, in the mode's order unless told: newest first with
   * `reverse`, shuffled with `shuffle` (the providers promise no order).
   */
  async flushWebhooks(options: { reverse?: boolean; shuffle?: boolean } = {}): Promise<void> {
    const order = options.shuffle ? "shuffle" : options.reverse ? "reverse" : this.webhookMode.order;
    await this.release(this.held.splice(0), order);
  }

  /** Runs what the test clock says is due: the provider's expiries, then delayed webhooks. */
  protected async tick(): Promise<void> {
    const now = this.clock.now();
    await this.expireDue(now);
    const due: PendingWebhook[] = [];
    for (let index = 0; index < this.held.length;) {
      const webhook = this.held[index]!;
      if (webhook.dueAt !== undefined && webhook.dueAt <= now.getTime()) {
        due.push(webhook);
        this.held.splice(index, 1);
      } else index += 1;
    }
    await this.release(due, this.webhookMode.order);
  }

  private async release(queue: PendingWebhook[], order: WebhookMode["order"]): Promise<void> {
    if (order === "reverse") queue.reverse();
    if (order === "shuffle") {
      for (let index = queue.length - 1; index > 0; index -= 1) {
        const other = Math.floor(this.random() * (index + 1));
        [queue[index], queue[other]] = [queue[other]!, queue[index]!];
      }
    }
    for (const webhook of queue) await this.deliverOnce(webhook);
  }

  private async deliverOnce(webhook: PendingWebhook): Promise<void> {
    await this.deliver(webhook);
    if (this.webhookMode.duplicate) await this.deliver(webhook);
  }

  private async deliver({ url, body, headers }: PendingWebhook): Promise<void> {
    let status: number | "error";
    try {
      if (this.deliverVia) {
        status = await this.deliverVia(url, JSON.stringify(body), { "content-type": "application/json", ...headers });
      } else {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        status = response.status;
      }
    } catch {
      status = "error";
    }
    this.deliveries.push({ url, body, headers, status });
  }

  /** The drop rule this request falls under, if any (a counted rule is used up by it). */
  private dropFor(request: RecordedRequest): DropRule | undefined {
    for (const [index, rule] of this.drops.entries()) {
      if (rule.method !== request.method) continue;
      const matches = typeof rule.path === "string" ? request.path.startsWith(rule.path) : rule.path.test(request.path);
      if (!matches) continue;
      if (rule.count !== undefined) {
        rule.count -= 1;
        if (rule.count <= 0) this.drops.splice(index, 1);
        return rule;
      }
      if (this.random() < (rule.fraction ?? 0)) return rule;
    }
    return undefined;
  }

  private async serve(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? "/", "http://fake");
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return this.send(response, { status: 400, body: { message: "Malformed JSON" } });
      }
    }
    const request: RecordedRequest = {
      method: incoming.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body,
    };
    const control = url.pathname.startsWith("/__test/");
    if (!control) this.requests.push(request);
    const failure = control ? undefined : this.failures.shift();
    if (failure) {
      if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (response.destroyed) return;
      return this.send(response, { status: failure.status, body: failure.body });
    }
    // The provider's clock ran on since the last request: what expired meanwhile has expired (for
    // the buyer's steps on the hosted page too; the clock control runs its own tick).
    if (request.path !== "/__test/clock") await this.tick();
    for (const route of this.routes) {
      if (route.method !== request.method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      let reply: Reply;
      try {
        reply = await route.handle(request, match.slice(1).map(decodeURIComponent));
      } catch (error) {
        return this.send(response, { status: 500, body: { message: String(error) } });
      }
      const drop = control ? undefined : this.dropFor(request);
      if (drop) {
        this.dropped.push(request);
        return this.loseAnswer(response, reply, drop);
      }
      return this.send(response, reply);
    }
    return this.send(response, { status: 404, body: { message: "Not found" } });
  }

  /** The request was carried out; its answer is lost as the rule says. */
  private async loseAnswer(response: ServerResponse, reply: Reply, rule: DropRule): Promise<void> {
    if (rule.delayMs) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
    if (response.destroyed) return;
    const how = rule.how ?? "reset";
    if (how === "hang") return;
    if (how === "reset") {
      response.socket?.destroy();
      return;
    }
    if (how === "error") {
      this.send(response, { status: rule.status ?? 502, body: { message: "Bad Gateway" } });
      return;
    }
    const full = reply.html ?? JSON.stringify(reply.body ?? {});
    const bytes = Buffer.from(full);
    response.writeHead(reply.status, {
      "Content-Type": reply.html === undefined ? "application/json" : "text/html; charset=utf-8",
      "Content-Length": String(bytes.length),
    });
    response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => response.socket?.destroy());
  }

  private send(response: ServerResponse, reply: Reply): void {
    if (response.destroyed) return;
    if (reply.html !== undefined) {
      response.writeHead(reply.status, { "Content-Type": "text/html; charset=utf-8" }).end(reply.html);
    } else if (reply.body === undefined) {
      response.writeHead(reply.status).end();
    } else {
      response.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(reply.body));
    }
  }
}

/** The bearer token of a request, if any. */
export function bearerOf(request: RecordedRequest): string | undefined {
  return /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
}

/** A tiny stand-in for a provider's hosted page: what is paid, and that it is the fake's. */
export function hostedPage(title: string, lines: string[]): Reply {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    status: 200,
    html: `<!doctype html><title>${escape(title)}</title><h1>${escape(title)}</h1>${lines
      .map((line) => `<p>${escape(line)}</p>`)
      .join("")}<p>Test page: move the payment with POST /__test/… on this server.</p>`,
  };
}
