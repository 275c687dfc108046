import { randomUUID } from "node:crypto";
import { studio } from "#content/studio.ts";
import { FakeProvider, hostedPage, type RecordedRequest, type Reply } from "#tests/fakes/fake-provider.ts";

/**
 * A local Moyasar (docs.moyasar.com) for the adapter tests: the
 * documented paths under /v1, HTTP Basic with the secret key as user name (the publishable key may
 * only create payments), integer-halala amounts of at least 100 and Moyasar's error bodies
 * (`{type, message, errors}`), invoices with their hosted page, payments with the test cards
 * (a declined card is HTTP 201 with status "failed"; `source.manual` only authorises), captures
 * (all or part: a partial capture releases the rest), voids (of an authorisation only), refunds (all
 * or part of what was captured; an authorisation is refused: it is voided), "Request Apple Pay
 * Session", and webhooks carrying the `secret_token` in the body.
 *
 * Lost answers (issue 35): a payment created with `given_id` takes it as its `id`, and a second
 * create with the same `given_id` is refused with 400 `used_given_id`, not replayed (so the lost
 * answer of the first is found with `GET /v1/payments/{given_id}`); payments and invoices are
 * listed 40 a page, newest first, filtered by `metadata[<key>]` (docs.moyasar.com/api/metadata:
 * "use our List Payments or List Invoices endpoints to filter by metadata"). Invoices expire at
 * their `expired_at` on the test clock (FakeProvider), after which the page takes no payment.
 *
 * Test controls: `POST /__test/invoices/:id/pay {number}` pays an invoice on its hosted page with a
 * test card; `POST /__test/invoices/:id/expire`. Apple Pay tokens decline when their JSON contains
 * "DECLINE" (a real token is opaque; the fake reads this marker instead).
 */
export type MoyasarFakeOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The webhook endpoint registered in the "dashboard". */
  webhookUrl?: string;
};

type Payment = Record<string, unknown> & { id: string; status: string; amount: number; refunded: number };
type Invoice = Record<string, unknown> & { id: string; status: string; amount: number; payments: Payment[] };

/** The documented test cards: what each does (test-cards guide). */
const testCards: Record<string, { company: string; outcome: "paid" | "failed"; message: string }> = {
  "4201320111111010": { company: "mada", outcome: "paid", message: "APPROVED" },
  "4201320000311101": { company: "mada", outcome: "failed", message: "INSUFFICIENT_FUNDS" },
  "4201321234411220": { company: "mada", outcome: "failed", message: "DECLINED" },
  "4111111111111111": { company: "visa", outcome: "paid", message: "APPROVED" },
  "5421080101000000": { company: "master", outcome: "paid", message: "APPROVED" },
};

const error = (status: number, type: string, message: string, errors: unknown = null): Reply => ({
  status,
  body: { type, message, errors },
});
const notFound = () => error(404, "invalid_request_error", "Object not found");
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_SIZE = 40;

/**
 * One page of a list, newest first, as Moyasar answers it: `{<name>: [...], meta: {current_page,
 * next_page, prev_page, total_pages, total_count}}` (the shape of moyasar-php's list fixtures).
 * Filters: `id`, `status` and `metadata[<key>]` (docs.moyasar.com/api/metadata).
 */
function listOf(name: string, records: Record<string, unknown>[], query: URLSearchParams): Reply {
  const filtered = records.filter((record) => {
    for (const [key, value] of query) {
      const metadataKey = /^metadata\[(.+)\]$/.exec(key)?.[1];
      if (metadataKey !== undefined) {
        const metadata = (record.metadata ?? {}) as Record<string, unknown>;
        if (String(metadata[metadataKey] ?? "") !== value) return false;
      } else if ((key === "id" || key === "status") && String(record[key]) !== value) return false;
    }
    return true;
  });
  // Newest first: by creation time, and among equals, the later created first.
  const ordered = filtered
    .map((record, index) => ({ record, index }))
    .sort((a, b) => String(b.record.created_at).localeCompare(String(a.record.created_at)) || b.index - a.index)
    .map(({ record }) => record);
  const page = Math.max(1, Number.parseInt(query.get("page") ?? "1", 10) || 1);
  const totalPages = Math.max(1, Math.ceil(ordered.length / PAGE_SIZE));
  return {
    status: 200,
    body: {
      [name]: ordered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      meta: {
        current_page: page,
        next_page: page < totalPages ? page + 1 : null,
        prev_page: page > 1 ? page - 1 : null,
        total_pages: totalPages,
        total_count: ordered.length,
      },
    },
  };
}

export class MoyasarFake extends FakeProvider {
  readonly invoices = new Map<string, Invoice>();
  readonly payments = new Map<string, Payment>();

  constructor(readonly options: MoyasarFakeOptions) {
    super();
    const route = this.route.bind(this);
    route("POST", /^\/v1\/invoices$/, (r) => this.guard(r, "secret") ?? this.createInvoice(r.body));
    route(
      "GET",
      /^\/v1\/invoices$/,
      (r) => this.guard(r, "secret") ?? listOf("invoices", [...this.invoices.values()], r.query),
    );
    route(
      "GET",
      /^\/v1\/payments$/,
      (r) => this.guard(r, "secret") ?? listOf("payments", [...this.payments.values()], r.query),
    );
    route("GET", /^\/v1\/invoices\/([^/]+)$/, (r, [id]) => this.guard(r, "secret") ?? this.show(this.invoices, id!));
    route("PUT", /^\/v1\/invoices\/([^/]+)\/cancel$/, (r, [id]) => this.guard(r, "secret") ?? this.cancelInvoice(id!));
    route("POST", /^\/v1\/payments$/, (r) => this.guard(r, "any") ?? this.createPayment(r.body));
    route("GET", /^\/v1\/payments\/([^/]+)$/, (r, [id]) => this.guard(r, "secret") ?? this.show(this.payments, id!));
    route(
      "POST",
      /^\/v1\/payments\/([^/]+)\/refund$/,
      (r, [id]) => this.guard(r, "secret") ?? this.refund(id!, r.body),
    );
    route(
      "POST",
      /^\/v1\/payments\/([^/]+)\/capture$/,
      (r, [id]) => this.guard(r, "secret") ?? this.capture(id!, r.body),
    );
    route("POST", /^\/v1\/payments\/([^/]+)\/void$/, (r, [id]) => this.guard(r, "secret") ?? this.void(id!));
    route("POST", /^\/v1\/applepay\/initiate$/, (r) => this.applePaySession(r.body));
    route("GET", /^\/invoices\/([^/]+)$/, (_r, [id]) => this.invoicePage(id!));
    route("POST", /^\/__test\/invoices\/([^/]+)\/pay$/, (r, [id]) => this.payInvoice(id!, r.body));
    route("POST", /^\/__test\/invoices\/([^/]+)\/expire$/, (_r, [id]) => this.expireInvoice(id!));
  }

  /** HTTP Basic: the key as user name, an empty password. */
  private guard(request: RecordedRequest, needs: "secret" | "any"): Reply | undefined {
    const match = /^Basic (.+)$/.exec(request.headers.authorization ?? "");
    const decoded = match ? Buffer.from(match[1]!, "base64").toString("utf8") : "";
    const [user, password] = [decoded.slice(0, decoded.indexOf(":")), decoded.slice(decoded.indexOf(":") + 1)];
    const secret = user === this.options.secretKey && password === "";
    const publishable = user === this.options.publishableKey && password === "";
    if (secret || (needs === "any" && publishable)) return undefined;
    return error(401, "authentication_error", "Invalid authorization credentials");
  }

  private show(map: Map<string, Record<string, unknown>>, id: string): Reply {
    const found = map.get(id);
    return found ? { status: 200, body: found } : notFound();
  }

  private validateAmount(body: Record<string, unknown>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    if (!Number.isInteger(body.amount)) errors.amount = ["must be an integer"];
    else if ((body.amount as number) < 100) errors.amount = ["must be greater than or equal to 100"];
    if (body.currency !== undefined && !/^[A-Z]{3}$/.test(String(body.currency))) errors.currency = ["is invalid"];
    if (body.metadata !== undefined) {
      const values = Object.values((body.metadata ?? {}) as Record<string, unknown>);
      if (values.some((value) => typeof value !== "string")) errors.metadata = ["values must be strings"];
    }
    return errors;
  }

  private createInvoice(value: unknown): Reply {
    const body = (value ?? {}) as Record<string, unknown>;
    const errors = this.validateAmount(body);
    if (typeof body.description !== "string" || !body.description) errors.description = ["can't be blank"];
    for (const field of ["success_url", "back_url", "callback_url"]) {
      if (body[field] !== undefined && !/^https?:\/\//.test(String(body[field])))
        errors[field] = ["is not a valid URL"];
    }
    if (body.expired_at !== undefined && body.expired_at !== null && Number.isNaN(Date.parse(String(body.expired_at))))
      errors.expired_at = ["is invalid"];
    if (Object.keys(errors).length > 0) return error(400, "invalid_request_error", "Validation Failed", errors);
    const id = randomUUID();
    const now = this.clock.now().toISOString();
    const amount = body.amount as number;
    const invoice: Invoice = {
      id,
      status: "initiated",
      amount,
      currency: (body.currency as string | undefined) ?? "SAR",
      description: body.description,
      logo_url: null,
      amount_format: `${(amount / 100).toFixed(2)} SAR`,
      url: `${this.url}/invoices/${id}`,
      callback_url: body.callback_url ?? null,
      success_url: body.success_url ?? null,
      back_url: body.back_url ?? null,
      expired_at: body.expired_at ?? null,
      created_at: now,
      updated_at: now,
      payment_id: null,
      paid_at: null,
      payments: [],
      metadata: body.metadata ?? null,
    };
    this.invoices.set(id, invoice);
    return { status: 201, body: invoice };
  }

  private cancelInvoice(id: string): Reply {
    const invoice = this.invoices.get(id);
    if (!invoice) return notFound();
    if (invoice.status !== "initiated") return error(400, "invalid_request_error", "Invoice cannot be canceled");
    invoice.status = "canceled";
    invoice.updated_at = this.clock.now().toISOString();
    return { status: 200, body: invoice };
  }

  private newPayment(
    body: Record<string, unknown>,
    source: Record<string, unknown>,
    status: string,
    id: string = randomUUID(),
  ): Payment {
    const now = this.clock.now().toISOString();
    const amount = body.amount as number;
    return {
      id,
      status,
      amount,
      fee: 0,
      currency: (body.currency as string | undefined) ?? "SAR",
      refunded: 0,
      refunded_at: null,
      captured: status === "paid" ? amount : 0,
      captured_at: status === "paid" ? now : null,
      voided_at: null,
      description: body.description ?? null,
      amount_format: `${(amount / 100).toFixed(2)} SAR`,
      invoice_id: body.invoice_id ?? null,
      ip: null,
      callback_url: body.callback_url ?? null,
      created_at: now,
      updated_at: now,
      metadata: body.metadata ?? null,
      source: {
        gateway_id: `moyasar_gw_${this.clock.nowMs()}`,
        reference_number: String(this.clock.nowMs()).slice(-12),
        ...source,
      },
    };
  }

  private async createPayment(value: unknown): Promise<Reply> {
    const body = (value ?? {}) as Record<string, unknown>;
    const errors = this.validateAmount(body);
    const source = (body.source ?? {}) as Record<string, unknown>;
    if (source.type === "applepay") {
      if (source.token === undefined || source.token === null || source.token === "")
        errors["source.token"] = ["can't be blank"];
    } else if (source.type === "creditcard") {
      if (!testCards[String(source.number)]) errors["source.number"] = ["is invalid"];
    } else {
      errors["source.type"] = ["is not included in the list"];
    }
    const givenId = typeof body.given_id === "string" ? body.given_id.toLowerCase() : undefined;
    if (body.given_id !== undefined && !(givenId && uuidPattern.test(givenId))) errors.given_id = ["is invalid"];
    if (Object.keys(errors).length > 0) return error(400, "invalid_request_error", "Validation Failed", errors);
    // The given_id becomes the payment's id; a second create with it is refused, not replayed
    // (docs.moyasar.com/api/idempotency; the id and the refusal as observed against the live API,
    // decision 0043).
    if (givenId && this.payments.has(givenId)) {
      return error(400, "used_given_id", "The given_id provided has been already used with a different payment.");
    }

    let payment: Payment;
    const manual = source.manual === true;
    if (source.type === "applepay") {
      const decline = JSON.stringify(source.token).includes("DECLINE");
      payment = this.newPayment(
        body,
        {
          type: "applepay",
          company: "visa",
          name: null,
          number: "4111-11XX-XXXX-1111",
          message: decline ? "INSUFFICIENT_FUNDS" : "APPROVED",
        },
        decline ? "failed" : manual ? "authorized" : "paid",
        givenId,
      );
    } else {
      const card = testCards[String(source.number)]!;
      const threeDs = source["3ds"] !== false;
      const status = threeDs ? "initiated" : card.outcome === "paid" && manual ? "authorized" : card.outcome;
      payment = this.newPayment(
        body,
        {
          type: "creditcard",
          company: card.company,
          name: source.name ?? null,
          number: `${String(source.number).slice(0, 4)}-${String(source.number).slice(4, 6)}XX-XXXX-${String(source.number).slice(-4)}`,
          message: threeDs ? null : card.message,
          transaction_url: threeDs ? `${this.url}/3ds/${randomUUID()}` : null,
        },
        status,
        givenId,
      );
    }
    this.payments.set(payment.id, payment);
    await this.notify(payment);
    // A declined payment is still created: 201 with status "failed" (api/errors).
    return { status: 201, body: payment };
  }

  private async refund(id: string, value: unknown): Promise<Reply> {
    const payment = this.payments.get(id);
    if (!payment) return notFound();
    const body = (value ?? {}) as Record<string, unknown>;
    const captured = Number(payment.captured ?? 0);
    const remaining = captured - payment.refunded;
    const amount = body.amount === undefined ? remaining : body.amount;
    if (!Number.isInteger(amount) || (amount as number) <= 0) {
      return error(400, "invalid_request_error", "Validation Failed", { amount: ["must be an integer"] });
    }
    // What was captured can be refunded; an authorisation is voided instead.
    if (!["paid", "captured"].includes(payment.status) || (amount as number) > remaining) {
      return error(400, "invalid_request_error", "Payment cannot be refunded");
    }
    payment.refunded += amount as number;
    payment.refunded_at = this.clock.now().toISOString();
    if (payment.refunded === captured) payment.status = "refunded";
    const invoice = this.invoices.get(String(payment.invoice_id));
    if (invoice && payment.status === "refunded") invoice.status = "refunded";
    await this.notify(payment, "payment_refunded");
    return { status: 200, body: payment };
  }

  private async capture(id: string, value: unknown): Promise<Reply> {
    const payment = this.payments.get(id);
    if (!payment) return notFound();
    if (payment.status !== "authorized") return error(400, "invalid_request_error", "Payment cannot be captured");
    const amount = ((value ?? {}) as Record<string, unknown>).amount ?? payment.amount;
    if (!Number.isInteger(amount) || (amount as number) < 100 || (amount as number) > payment.amount) {
      return error(400, "invalid_request_error", "Validation Failed", { amount: ["is invalid"] });
    }
    // A partial capture releases the rest of the authorisation.
    payment.status = "captured";
    payment.captured = amount;
    payment.captured_at = this.clock.now().toISOString();
    await this.notify(payment, "payment_captured");
    return { status: 200, body: payment };
  }

  private async void(id: string): Promise<Reply> {
    const payment = this.payments.get(id);
    if (!payment) return notFound();
    if (payment.status !== "authorized") return error(400, "invalid_request_error", "Payment cannot be voided");
    payment.status = "voided";
    payment.voided_at = this.clock.now().toISOString();
    await this.notify(payment, "payment_voided");
    return { status: 200, body: payment };
  }

  private applePaySession(value: unknown): Reply {
    const body = (value ?? {}) as Record<string, unknown>;
    if (body.publishable_api_key !== this.options.publishableKey) {
      return error(401, "authentication_error", "Invalid authorization credentials");
    }
    const errors: Record<string, string[]> = {};
    if (!/^https:\/\/apple-pay-gateway(-[a-z0-9-]+)?\.apple\.com\//.test(String(body.validation_url))) {
      errors.validation_url = ["is invalid"];
    }
    if (typeof body.domain_name !== "string" || !body.domain_name) errors.domain_name = ["can't be blank"];
    if (typeof body.display_name !== "string" || !body.display_name) errors.display_name = ["can't be blank"];
    if (Object.keys(errors).length > 0) return error(400, "invalid_request_error", "Validation Failed", errors);
    const now = this.clock.nowMs();
    return {
      status: 200,
      body: {
        epochTimestamp: now,
        expiresAt: now + 5 * 60_000,
        merchantSessionIdentifier: `SSH${randomUUID().replace(/-/g, "").toUpperCase()}`,
        nonce: randomUUID().slice(0, 8),
        merchantIdentifier: "FAKE.MOYASAR.MERCHANT",
        domainName: body.domain_name,
        displayName: body.display_name,
        signature: Buffer.from(`signed ${now}`).toString("hex"),
        operationalAnalyticsIdentifier: `${body.display_name}:FAKE`,
        retries: 0,
      },
    };
  }

  private invoicePage(id: string): Reply {
    const invoice = this.invoices.get(id);
    if (!invoice) return notFound();
    return hostedPage("Moyasar invoice", [String(invoice.description), String(invoice.amount_format), invoice.status]);
  }

  /** The buyer pays on the invoice page with a test card (no 3-D Secure on the fake's page). */
  private async payInvoice(id: string, value: unknown): Promise<Reply> {
    const invoice = this.invoices.get(id);
    if (!invoice) return notFound();
    const number = String(((value ?? {}) as Record<string, unknown>).number ?? "");
    const card = testCards[number];
    if (!card) return error(400, "invalid_request_error", "Validation Failed", { number: ["is invalid"] });
    if (invoice.status !== "initiated") return error(400, "invalid_request_error", `Invoice is ${invoice.status}`);
    const payment = this.newPayment(
      { ...invoice, invoice_id: invoice.id },
      {
        type: "creditcard",
        company: card.company,
        name: "Test Buyer",
        number: `${number.slice(0, 4)}-${number.slice(4, 6)}XX-XXXX-${number.slice(-4)}`,
        message: card.message,
        transaction_url: null,
      },
      card.outcome,
    );
    this.payments.set(payment.id, payment);
    invoice.payments.push(payment);
    if (card.outcome === "paid") {
      invoice.status = "paid";
      invoice.payment_id = payment.id;
      invoice.paid_at = payment.created_at;
    }
    invoice.updated_at = this.clock.now().toISOString();
    await this.notify(payment);
    return { status: 200, body: { invoice, redirect: card.outcome === "paid" ? invoice.success_url : null } };
  }

  private expireInvoice(id: string): Reply {
    const invoice = this.invoices.get(id);
    if (!invoice) return notFound();
    invoice.status = "expired";
    invoice.updated_at = this.clock.now().toISOString();
    return { status: 200, body: invoice };
  }

  /** An unpaid invoice past its `expired_at` expires; its page takes no payment from then on. */
  protected override async expireDue(now: Date): Promise<void> {
    for (const invoice of this.invoices.values()) {
      const expiresAt = invoice.expired_at ? Date.parse(String(invoice.expired_at)) : NaN;
      if (invoice.status === "initiated" && expiresAt <= now.getTime()) {
        invoice.status = "expired";
        invoice.updated_at = now.toISOString();
      }
    }
  }

  /** The dashboard webhook: `{id, type, created_at, secret_token, live, account_name, data}`. */
  private async notify(payment: Payment, type = `payment_${payment.status}`): Promise<void> {
    if (!this.options.webhookUrl || payment.status === "initiated") return;
    await this.sendWebhook(this.options.webhookUrl, {
      id: randomUUID(),
      type,
      created_at: this.clock.now().toISOString(),
      secret_token: this.options.webhookSecret,
      live: false,
      account_name: studio.name.en,
      data: structuredClone(payment),
    });
  }
}

export async function startMoyasarFake(options: MoyasarFakeOptions): Promise<MoyasarFake> {
  return new MoyasarFake(options).start();
}
