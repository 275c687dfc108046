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

type PendingWebhook = { url: string; body: unknown; headers: Record<string, string> };

/**
 * The plumbing shared by the provider fakes (src/server/modules/payments/providers/<id>/fake-server.ts): a node:http server on
 * 127.0.0.1 and a free port, JSON in and out, a log of every API request (tests assert from it
 * that the adapter asked the provider again before acting), injected failures (an error status or
 * a stall for the next API call), and webhooks sent to the shop once, twice, held back or in
 * reverse order. Routes under /__test/ are the test controls and are not logged.
 */
export class FakeProvider {
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  /** How webhooks go out: `duplicate` sends each twice; `hold` keeps them for `flushWebhooks`. */
  webhookMode: { duplicate: boolean; hold: boolean } = { duplicate: false, hold: false };
  /**
   * How a webhook reaches the shop: a real HTTP POST by default; a test of an app it did not start
   * listening (Fastify's inject) replaces it, keeping the URL, headers and body the provider sends.
   */
  deliverVia?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  private readonly held: PendingWebhook[] = [];
  private readonly failures: { status: number; body?: unknown; delayMs?: number }[] = [];
  private readonly routes: Route[] = [];
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
          await this.flushWebhooks({ reverse: Boolean((request.body as { reverse?: boolean } | undefined)?.reverse) });
          return { status: 200, body: { deliveries: this.deliveries } };
        },
      },
    );
  }

  /** Adds an API route or a test control of the provider being faked. */
  protected route(method: string, pattern: RegExp, handle: Route["handle"]): void {
    this.routes.push({ method, pattern, handle });
  }

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

  /** The next API call answers `status` with `body` (after `delayMs`, to exercise timeouts). */
  failNext(failure: { status: number; body?: unknown; delayMs?: number }): void {
    this.failures.push(failure);
  }

  /** The API requests with this method whose path starts with `prefix`. */
  requestsTo(method: string, prefix: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path.startsWith(prefix));
  }

  /** Sends (or holds) a webhook to the shop. */
  async sendWebhook(url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
    const webhook = { url, body, headers };
    if (this.webhookMode.hold) {
      this.held.push(webhook);
      return;
    }
    await this.deliver(webhook);
    if (this.webhookMode.duplicate) await this.deliver(webhook);
  }

  /** Sends the held webhooks, newest first with `reverse` (the providers promise no order). */
  async flushWebhooks(options: { reverse?: boolean } = {}): Promise<void> {
    const queue = this.held.splice(0);
    if (options.reverse) queue.reverse();
    for (const webhook of queue) {
      await this.deliver(webhook);
      if (this.webhookMode.duplicate) await this.deliver(webhook);
    }
  }

  private async deliver(webhook: PendingWebhook): Promise<void> {
    let status: number | "error";
    try {
      if (this.deliverVia) {
        status = await this.deliverVia(webhook.url, JSON.stringify(webhook.body), {
          "content-type": "application/json",
          ...webhook.headers,
        });
        this.deliveries.push({ ...webhook, status });
        return;
      }
      const response = await fetch(webhook.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...webhook.headers },
        body: JSON.stringify(webhook.body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = "error";
    }
    this.deliveries.push({ ...webhook, status });
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
    for (const route of this.routes) {
      if (route.method !== request.method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      try {
        return this.send(response, await route.handle(request, match.slice(1).map(decodeURIComponent)));
      } catch (error) {
        return this.send(response, { status: 500, body: { message: String(error) } });
      }
    }
    return this.send(response, { status: 404, body: { message: "Not found" } });
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
