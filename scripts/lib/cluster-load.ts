/**
 * The mixed load of bench:cluster, in a worker thread of its own so that its timings do not wait
 * behind the harness's thread (the SMTP server receiving hundreds of messages a second, process
 * control, the checks). Open loop: each kind of visitor arrives at its own rate, whatever the
 * answers' latency, until the main thread posts "stop"; visitors already under way finish.
 *
 * Each visitor (lead, buyer, account) comes from a loopback address of its own (127.a.b.c, all
 * routed to lo on Linux) over connections of its own, as distinct people do: HAProxy appends that
 * address to X-Forwarded-For and the instances (TRUST_PROXY=1) key their rate limits on it, so the
 * per-address limits apply as in production without being raised. Page views share one pool of
 * keep-alive connections (pages are not rate limited).
 */
import { Agent, request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { gunzipSync } from "node:zlib";
import { defaultProductId, priceOf } from "#content/catalog.ts";

export type LoadKind = "lead" | "create-intent" | "card" | "3ds" | "confirm" | "page" | "sign-up" | "sign-in" | "me";
export type LoadRates = { lead: number; checkout: number; page: number; account: number };
export type LoadOptions = {
  url: string;
  rates: LoadRates;
  /** The buyer's pause on the sandbox page before confirm (spec §7's client waits 2 s). */
  confirmDelayMs: number;
  /** Second octet of the visitors' loopback addresses (tells runs apart). */
  network: number;
  /** Part of every e-mail address, to tell runs apart. */
  tag: string;
};
/** One request: its id (sent as x-bench-id, logged by HAProxy), when it started (epoch ms), its status (0: no answer). */
export type LoadRecord = {
  id: string;
  kind: LoadKind;
  start: number;
  ms: number;
  status: number;
  /** Why there was no answer; `reused`: on a kept-alive connection that had served a request before. */
  error?: string;
  reused?: boolean;
  /**
   * No answer on a kept-alive connection that had served a request before, and sent again at once
   * on a new connection, as browsers do (the connection was closed as the request went out: the
   * keep-alive race). Safe only if the balancer never received this attempt: the benchmark checks
   * that against HAProxy's log.
   */
  resent?: boolean;
};
export type LoadResult = {
  records: LoadRecord[];
  /** Leads answered 201: reference and the visitor's e-mail. */
  leads: { reference: string; email: string }[];
  /** Orders whose confirm answered paid. */
  paid: string[];
  /** Orders approved (or maybe approved) at 3-D Secure whose confirm got no answer: the webhook may still pay them. */
  approvedUnconfirmed: string[];
  /** Buyers' e-mails and the order each create-intent answered. */
  intents: { email: string; reference: string }[];
  /** Accounts signed up (201). */
  signedUp: string[];
  started: number;
  stopped: number;
};

const PAGES = [
  "/",
  "/ar",
  "/products",
  "/ar/products",
  "/services",
  "/ar/services",
  "/about",
  "/ar/about",
  "/contact",
  "/ar/contact",
];
const PASSWORD = "cluster bench password";

type Answer = { status: number; body: string; cookie?: string; retryAfter?: number };

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function runLoad(options: LoadOptions, onStop: (stop: () => void) => void): Promise<LoadResult> {
  const origin = new URL(options.url);
  const result: LoadResult = {
    records: [],
    leads: [],
    paid: [],
    approvedUnconfirmed: [],
    intents: [],
    signedUp: [],
    started: now(),
    stopped: 0,
  };
  const pageAgent = new Agent({ keepAlive: true, maxSockets: 64 });
  let sequence = 0;
  let visitors = 0;

  /** The n-th visitor's address: 127.<network>.x.y, y in 1..254. */
  const address = (n: number) => `127.${options.network}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;

  /** One request, timed and recorded under `kind`. */
  const send = async (
    kind: LoadKind,
    agent: Agent,
    localAddress: string | undefined,
    method: string,
    path: string,
    body?: { type: string; text: string },
    cookie?: string,
  ): Promise<Answer> => {
    const first = await sendOnce(kind, agent, localAddress, method, path, body, cookie);
    if (first.status !== 0 || !first.record.reused) return first;
    first.record.resent = true;
    return sendOnce(kind, agent, localAddress, method, path, body, cookie);
  };

  const sendOnce = (
    kind: LoadKind,
    agent: Agent,
    localAddress: string | undefined,
    method: string,
    path: string,
    body?: { type: string; text: string },
    cookie?: string,
  ): Promise<Answer & { record: LoadRecord }> => {
    const id = `${kind}-${sequence++}`;
    const start = now();
    const headers: Record<string, string | number> = {
      accept: "*/*",
      "accept-encoding": "gzip",
      "user-agent": "cluster-bench",
      "x-bench-id": id,
    };
    const payload = body ? Buffer.from(body.text) : undefined;
    if (body && payload) {
      headers["content-type"] = body.type;
      headers["content-length"] = payload.length;
    }
    if (cookie) headers.cookie = cookie;
    return new Promise((resolve) => {
      const done = (answer: Answer, error?: string) => {
        const record: LoadRecord = {
          id,
          kind,
          start,
          ms: now() - start,
          status: answer.status,
          ...(error ? { error, reused: outgoing.reusedSocket } : {}),
        };
        result.records.push(record);
        resolve({ ...answer, record });
      };
      const outgoing = request(
        {
          host: origin.hostname,
          port: origin.port,
          path,
          method,
          headers,
          agent,
          ...(localAddress ? { localAddress } : {}),
          timeout: 40_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          // A page's body is read off the socket but never unzipped: only the API's answers are read.
          const keep = kind !== "page";
          response.on("data", (chunk: Buffer) => keep && chunks.push(chunk));
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            let text = "";
            try {
              text = (keep && response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
            } catch (error) {
              done({ status: 0, body: "" }, `a body that does not unzip: ${(error as Error).message}`);
              return;
            }
            const session = (response.headers["set-cookie"] ?? []).find((c) => c.startsWith("session="));
            const retryAfter = Number(response.headers["retry-after"]);
            done({
              status: response.statusCode ?? 0,
              body: text,
              ...(session ? { cookie: session.split(";")[0]! } : {}),
              ...(retryAfter > 0 ? { retryAfter } : {}),
            });
          });
          response.on("error", (error) => done({ status: 0, body: "" }, error.message));
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
      outgoing.on("error", (error) => done({ status: 0, body: "" }, error.message));
      outgoing.end(payload);
    });
  };

  const json = (value: unknown) => ({ type: "application/json", text: JSON.stringify(value) });
  const form = (fields: Record<string, string>) => ({
    type: "application/x-www-form-urlencoded",
    text: new URLSearchParams(fields).toString(),
  });
  const parse = <T>(text: string): T | undefined => {
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined;
    }
  };

  /** A visitor of its own address and connections; its agent is closed when it leaves. */
  const visitor = async (flow: (agent: Agent, localAddress: string, n: number) => Promise<void>) => {
    const n = visitors++;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await flow(agent, address(n), n);
    } finally {
      agent.destroy();
    }
  };

  const lead = () =>
    visitor(async (agent, from, n) => {
      const email = `lead${n}-${options.tag}@bench.test`;
      const answer = await send(
        "lead",
        agent,
        from,
        "POST",
        "/api/inquiries",
        json({ name: `Cluster Visitor ${n}`, email, message: `Cluster benchmark inquiry ${n}, please ignore.` }),
      );
      const reference = parse<{ reference?: string }>(answer.body)?.reference;
      if (answer.status === 201 && reference) result.leads.push({ reference, email });
    });

  const buyer = () =>
    visitor(async (agent, from, n) => {
      const email = `buyer${n}-${options.tag}@bench.test`;
      const created = await send(
        "create-intent",
        agent,
        from,
        "POST",
        "/api/payment/create-intent",
        json({
          name: `Cluster Buyer ${n}`,
          email,
          phone: "0551234567",
          address: { city: "Riyadh", district: "Al Olaya", street: "King Fahd Road" },
          paymentMethod: "credit-card",
          productId: defaultProductId,
          quantity: 1,
          amount: (priceOf(defaultProductId) / 100).toFixed(2),
          currency: "SAR",
        }),
      );
      const intent = parse<{ paymentIntentId?: string; orderReference?: string; redirectUrl?: string }>(created.body);
      if (created.status !== 201 || !intent?.redirectUrl || !intent.orderReference) return;
      result.intents.push({ email, reference: intent.orderReference });
      const page = new URL(intent.redirectUrl).pathname;
      const card = await send(
        "card",
        agent,
        from,
        "POST",
        `${page}/card`,
        form({ number: "4111111111111111", expiry: "12/30", cvc: "123", name: "Cluster" }),
      );
      if (card.status === 0 || card.status >= 400) return;
      const approved = await send("3ds", agent, from, "POST", `${page}/3ds`, form({ action: "approve" }));
      if (approved.status === 0 || approved.status >= 500) {
        // The approval may have happened without its answer: the gateway's webhook may pay it.
        result.approvedUnconfirmed.push(intent.orderReference);
        return;
      }
      if (approved.status >= 400) return;
      await sleep(options.confirmDelayMs);
      const confirmed = await send(
        "confirm",
        agent,
        from,
        "POST",
        "/api/payment/confirm",
        json({ paymentIntentId: intent.paymentIntentId, paymentMethod: "credit-card" }),
      );
      const order = parse<{ order?: { status?: string; reference?: string } }>(confirmed.body)?.order;
      if (confirmed.status === 200 && order?.status === "paid") result.paid.push(intent.orderReference);
      else if (confirmed.status === 0 || confirmed.status >= 500)
        result.approvedUnconfirmed.push(intent.orderReference);
    });

  const pageView = async () => {
    await send("page", pageAgent, undefined, "GET", PAGES[Math.floor(Math.random() * PAGES.length)]!);
  };

  /** Argon2 work is shed with 429 `busy` and Retry-After when its queue is full: a client waits and tries again. */
  const withRetry = async (attempt: () => Promise<Answer>): Promise<Answer> => {
    let answer = await attempt();
    for (let i = 0; i < 3 && answer.status === 429; i++) {
      await sleep((answer.retryAfter ?? 1) * 1000);
      answer = await attempt();
    }
    return answer;
  };

  const account = () =>
    visitor(async (agent, from, n) => {
      const email = `account${n}-${options.tag}@bench.test`;
      const signedUp = await withRetry(() =>
        send(
          "sign-up",
          agent,
          from,
          "POST",
          "/api/auth/signup",
          json({ firstName: "Cluster", lastName: "Customer", email, country: "Saudi Arabia", password: PASSWORD }),
        ),
      );
      if (signedUp.status !== 201) return;
      result.signedUp.push(email);
      const signedIn = await withRetry(() =>
        send("sign-in", agent, from, "POST", "/api/auth/signin", json({ email, password: PASSWORD })),
      );
      if (signedIn.status !== 200 || !signedIn.cookie) return;
      // A few pages' worth of "who am I", each on whichever instance the balancer picks.
      for (let i = 0; i < 3; i++) {
        await send("me", agent, from, "GET", "/api/auth/me", undefined, signedIn.cookie);
        await sleep(300);
      }
    });

  const kinds: { rate: number; start: () => Promise<void> }[] = [
    { rate: options.rates.lead, start: lead },
    { rate: options.rates.checkout, start: buyer },
    { rate: options.rates.page, start: pageView },
    { rate: options.rates.account, start: account },
  ];
  const launched = kinds.map(() => 0);
  const inFlight = new Set<Promise<void>>();
  const begun = performance.now();
  const tick = () => {
    const elapsed = (performance.now() - begun) / 1000;
    kinds.forEach((kind, i) => {
      const due = Math.floor(kind.rate * elapsed) - launched[i]!;
      for (let j = 0; j < due; j++) {
        launched[i]!++;
        const running: Promise<void> = kind.start().then(
          () => void inFlight.delete(running),
          () => void inFlight.delete(running),
        );
        inFlight.add(running);
      }
    });
  };
  const timer = setInterval(tick, 10);
  return new Promise((resolve) => {
    onStop(() => {
      clearInterval(timer);
      result.stopped = now();
      void Promise.all(inFlight).then(() => {
        pageAgent.destroy();
        resolve(result);
      });
    });
  });
}

// As a worker thread: run with workerData until the parent posts "stop", then post the result.
if (parentPort && workerData) {
  const port = parentPort;
  void runLoad(workerData as LoadOptions, (stop) => port.once("message", stop)).then((result) =>
    port.postMessage(result),
  );
}
