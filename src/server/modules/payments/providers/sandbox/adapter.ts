import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { jsonColumn, runStatement, statement } from "#server/db/statements.ts";
import { appSecrets, type sandboxPayments } from "#server/db/schema/orders.ts";
import { studio } from "#content/studio.ts";
import { paymentMethodOf, type PaymentProviderId } from "#shared/payment-methods.ts";
import {
  GatewayError,
  type PaymentGateway,
  type PaymentRequest,
  type ProviderPayment,
  type ProviderStatus,
  type WebhookNotice,
  type WebhookRequest,
} from "../../gateway.ts";

/**
 * The sandbox gateway (DESIGN D9, decision 0017): a local stand-in provider with its own ledger
 * (`sandbox_payments`, never the orders), a hosted page (hosted-page.ts, page.ts) where the
 * buyer pays with the providers' documented test data, and HMAC-signed webhooks delivered in the
 * background, with retries, sometimes twice. It behaves like a remote provider: the order service
 * learns a payment's state only by asking it.
 */

type SandboxRow = typeof sandboxPayments.$inferSelect;

/**
 * The ledger's statements, written once (decision 0026): the hosted page and the one confirm path
 * read and move a payment several times per checkout, and each of these runs as a prepared
 * statement instead of being built by the query builder every time.
 */
const columns = `id, method, status, amount_halalas as "amountHalalas", currency, order_reference as "orderReference",
  details, failure_reason as "failureReason", refunded_halalas as "refundedHalalas",
  captured_halalas as "capturedHalalas", idempotency_key as "idempotencyKey", created_at as "createdAt", updated_at as "updatedAt"`;
const findPayment = statement("sandbox_find", `select ${columns} from sandbox_payments where id = $1`);
const findByIdempotencyKey = statement(
  "sandbox_find_by_key",
  `select ${columns} from sandbox_payments where idempotency_key = $1`,
);
const insertPayment = statement(
  "sandbox_insert",
  `insert into sandbox_payments (id, method, status, amount_halalas, currency, order_reference, details,
     failure_reason, idempotency_key, captured_halalas)
   values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)
   on conflict (idempotency_key) do nothing
   returning ${columns}`,
);
/** Moves a payment from one of $2 to $3 and queues its webhooks ($4) in the same statement. */
const changePayment = statement(
  "sandbox_change",
  `update sandbox_payments
   set status = $3, updated_at = now(),
       failure_reason = case when $5::boolean then $6 else failure_reason end,
       refunded_halalas = coalesce($7, refunded_halalas),
       details = jsonb_set(details, '{webhooks}', coalesce(details->'webhooks', '[]'::jsonb) || $4::jsonb)
   where id = $1 and status = any($2::text[])
   returning ${columns}`,
);
/**
 * The 3-D Secure step in one statement: the outcome is read from the card remembered at the card
 * step ($2 approve: that card's outcome; otherwise `three_ds_failed`), looked up in $3 (outcome →
 * status and failure reason), and applied with its webhooks ($4, their status filled in here).
 * SET expressions all see the row as it was, so the outcome is read once per expression alike.
 */
const threeDsOutcome = `($3::jsonb -> case when $2::boolean then coalesce(details->'card'->>'outcome', 'declined') else 'three_ds_failed' end)`;
const finishCardPayment = statement(
  "sandbox_three_ds",
  `update sandbox_payments
   set status = ${threeDsOutcome}->>'status', updated_at = now(),
       captured_halalas = case when ${threeDsOutcome}->>'status' = 'paid' then amount_halalas else captured_halalas end,
       failure_reason = coalesce(${threeDsOutcome}->>'reason', failure_reason),
       details = jsonb_set(details, '{webhooks}', coalesce(details->'webhooks', '[]'::jsonb) || coalesce((
         select jsonb_agg(event || jsonb_build_object('status', ${threeDsOutcome}->>'status'))
         from jsonb_array_elements($4::jsonb) event), '[]'::jsonb))
   where id = $1 and status = 'requires_action' and details ? 'card'
   returning ${columns}`,
);
/**
 * Money moved after payment (issue 35): a capture, a release or a refund, applied only if the
 * payment is still as it was read ($2 status, $7 captured, $8 refunded), with its webhooks ($6).
 */
const movePaidMoney = statement(
  "sandbox_money",
  `update sandbox_payments
   set status = $3, updated_at = now(),
       captured_halalas = captured_halalas + $4, refunded_halalas = refunded_halalas + $5,
       details = jsonb_set(details, '{webhooks}', coalesce(details->'webhooks', '[]'::jsonb) || $6::jsonb)
   where id = $1 and status = $2 and captured_halalas = $7 and refunded_halalas = $8
   returning ${columns}`,
);
const rememberCard = statement(
  "sandbox_card",
  `update sandbox_payments set details = jsonb_set(details, '{card}', $2::jsonb), updated_at = now()
   where id = $1 and status = 'requires_action'
   returning ${columns}`,
);
/**
 * The webhook queue after a delivery pass, in one statement (its own row lock): $2 maps
 * "<index>:<event id>" of each event handled to its new form (a retry) or to null (sent or
 * dropped); events queued meanwhile, or moved by another pass, are kept as they are.
 */
const settleWebhooks = statement(
  "sandbox_settle_webhooks",
  `update sandbox_payments
   set details = jsonb_set(details, '{webhooks}', coalesce((
     select jsonb_agg(coalesce($2::jsonb -> ((ord - 1)::text || ':' || (event->>'eventId')), event) order by ord)
     from jsonb_array_elements(coalesce(details->'webhooks', '[]'::jsonb)) with ordinality as queue(event, ord)
     where not ($2::jsonb ? ((ord - 1)::text || ':' || (event->>'eventId')))
        or jsonb_typeof($2::jsonb -> ((ord - 1)::text || ':' || (event->>'eventId'))) <> 'null'
   ), '[]'::jsonb))
   where id = $1`,
);

/**
 * The payments with a webhook due at $1 (ms): the first condition is the predicate of the partial
 * index sandbox_payments_pending_webhooks_idx (migration 0010), so a pass reads the few payments
 * with webhooks queued instead of the whole ledger, which grows with every payment.
 */
const dueWebhooks = statement(
  "sandbox_due_webhooks",
  `select id, amount_halalas as "amountHalalas", currency, status, order_reference as "orderReference",
          details->'webhooks' as webhooks, details->>'notificationPath' as path
   from sandbox_payments
   where (details -> 'webhooks') <> '[]'::jsonb
     and exists (
       select 1 from jsonb_array_elements(details->'webhooks') event
       where (event->>'dueAt')::bigint <= $1)
   limit 50`,
);

/**
 * A webhook waiting to be delivered, kept in the payment's row so a crash loses none. `event`
 * names a change after payment (`payment.captured`, `payment.refunded`, `payment.voided`); other
 * events are named by the status they report.
 */
type PendingWebhook = { eventId: string; status: ProviderStatus; dueAt: number; attempts: number; event?: string };

/** The sandbox's events that report a change after payment (issue 35). */
const afterPaymentEvents = new Set(["payment.captured", "payment.refunded", "payment.voided"]);

export type SandboxDetails = {
  method: PaymentRequest["method"];
  /** Our order's id, echoed as Moyasar's metadata and Tabby's meta echo it (absent on rows older than issue 35). */
  orderId?: string;
  lang: "en" | "ar";
  returnUrl: string;
  cancelUrl: string;
  /** The path of our webhook endpoint (the sandbox lives in this server; see plugins/payments.ts). */
  notificationPath: string;
  email: string;
  phone: string;
  /** The card's outcome chosen at the card step, waiting for the 3-D Secure step. */
  card?: { last4: string; outcome: CardOutcome };
  webhooks?: PendingWebhook[];
};

type CardOutcome = "paid" | "insufficient_funds" | "declined";

/** Moyasar's documented test cards (reference §A): approved, insufficient funds, declined. Anything else is declined. */
const testCards: Record<string, CardOutcome> = {
  "4111111111111111": "paid",
  "5421080101000000": "paid",
  "4201320111111010": "paid",
  "4201320000311101": "insufficient_funds",
  "4201321234411220": "declined",
};

/** A buyer e-mail whose local part is this makes the sandbox answer 503 (a provider outage). */
const GATEWAY_ERROR_LOCAL_PART = "gateway-error";

/**
 * The instalment providers' documented test numbers (reference §B, §C), which the sandbox plays
 * back on its hosted page: `approve` approves, `decline` is declined with `declineReason` (and,
 * where the provider rejects the buyer before its page opens, already at creation with
 * `rejectedAtCreation`: Tabby's pre-scoring). A provider without an entry approves any number.
 */
export const sandboxInstalmentTestData: Partial<
  Record<PaymentProviderId, { approve: string; decline: string; declineReason: string; rejectedAtCreation?: string }>
> = {
  tamara: { approve: "544337866", decline: "526422337", declineReason: "order_declined" },
  tabby: {
    approve: "+966500000001",
    decline: "+966500000002",
    declineReason: "rejected",
    rejectedAtCreation: "not_available",
  },
};

function testDataOf(method: PaymentRequest["method"]) {
  return sandboxInstalmentTestData[paymentMethodOf(method).provider];
}

/** Where each outcome of the 3-D Secure step takes the payment (the sandbox_three_ds statement's $3). */
const threeDsOutcomes: Record<CardOutcome | "three_ds_failed", { status: ProviderStatus; reason?: string }> = {
  paid: { status: "paid" },
  insufficient_funds: { status: "failed", reason: "insufficient funds" },
  declined: { status: "failed", reason: "declined" },
  three_ds_failed: { status: "failed", reason: "3-D Secure authentication failed" },
};
const threeDsOutcomesJson = JSON.stringify(threeDsOutcomes);

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
const SECRET_NAME = "sandbox-webhooks";
const MAX_WEBHOOK_ATTEMPTS = 8;

/** The key the sandbox signs its webhooks with, generated once into app_secrets (like order links). */
export async function sandboxWebhookSecret(db: Db): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error("sandbox webhook secret missing after insert");
  return Buffer.from(row.value, "base64");
}

export function signSandboxWebhook(secret: Buffer, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

export type SandboxOptions = {
  db: Db;
  secret: Buffer;
  /** SITE_URL without a trailing slash: the hosted page's address. */
  siteUrl: string;
  /** Share of webhooks sent twice (0..1); tests set 1 to force duplicates. */
  duplicateRate: number;
  /** A webhook was queued: deliver soon (triggers the delivery job). */
  onWebhookQueued: () => void;
  random?: () => number;
};

export type SandboxGateway = PaymentGateway & {
  /** The ledger row the hosted page shows, or undefined. */
  find(id: string): Promise<(SandboxRow & { details: SandboxDetails }) | undefined>;
  /** The card step: remembers the test card's outcome for the 3-D Secure step; answers the payment. */
  submitCard(id: string, number: string): Promise<(SandboxRow & { details: SandboxDetails }) | undefined>;
  /** The 3-D Secure step: approve applies the card's outcome, fail fails the payment. */
  finishThreeDs(id: string, approve: boolean): Promise<SandboxRow | undefined>;
  /** Tamara or Tabby approval by the buyer's phone (the providers' test numbers) or decline. */
  decideInstalments(id: string, phone: string, approve: boolean): Promise<SandboxRow | undefined>;
  /** The buyer left the hosted page. */
  cancelByBuyer(id: string): Promise<SandboxRow | undefined>;
  /** Sends the webhooks that are due; answers whether more rows may be waiting. */
  deliverWebhooks(deliver: WebhookDelivery): Promise<{ more: boolean }>;
};

export type WebhookDelivery = (path: string, rawBody: string, headers: Record<string, string>) => Promise<number>;

function toProviderPayment(row: SandboxRow): ProviderPayment {
  const details = jsonColumn<Record<string, unknown>>(row.details);
  const orderId = typeof details.orderId === "string" ? details.orderId : undefined;
  return {
    capturedHalalas: row.capturedHalalas,
    providerPaymentId: row.id,
    status: row.status as ProviderStatus,
    amountHalalas: row.amountHalalas,
    currency: row.currency,
    orderReference: row.orderReference,
    ...(orderId ? { orderId } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    refundedHalalas: row.refundedHalalas,
  };
}

function digitsOnly(value: string): string {
  return value.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\D/g, "");
}

/** The last nine digits of a Saudi mobile, however it was typed (+966…, 05…, 5…). */
function mobileTail(phone: string): string {
  return digitsOnly(phone).slice(-9);
}

export async function createSandboxGateway(options: SandboxOptions): Promise<SandboxGateway> {
  const { db, secret, siteUrl } = options;
  const random = options.random ?? Math.random;
  const pageUrl = (id: string) => `${siteUrl}/sandbox-gateway/pay/${id}`;

  const withUrl = (row: SandboxRow): ProviderPayment => {
    const payment = toProviderPayment(row);
    return row.status === "requires_action" ? { ...payment, redirectUrl: pageUrl(row.id) } : payment;
  };

  /** The webhook events a change queues: one, or the same one twice (providers retry and duplicate). */
  const eventsFor = (status: ProviderStatus, name?: string): PendingWebhook[] => {
    const event: PendingWebhook = {
      eventId: `evt_${randomBytes(12).toString("hex")}`,
      status,
      dueAt: Date.now(),
      attempts: 0,
      ...(name ? { event: name } : {}),
    };
    return random() < options.duplicateRate ? [event, { ...event }] : [event];
  };

  /** Moves a payment from one of `from` to `to`, queuing its webhook in the same statement. */
  const change = async (
    id: string,
    from: ProviderStatus[],
    to: ProviderStatus,
    extra: { failureReason?: string; refundedHalalas?: number } = {},
  ): Promise<SandboxRow | undefined> => {
    const [row] = await runStatement<SandboxRow>(db, changePayment, [
      id,
      from,
      to,
      JSON.stringify(eventsFor(to)),
      extra.failureReason !== undefined,
      extra.failureReason ?? null,
      extra.refundedHalalas ?? null,
    ]);
    if (row) options.onWebhookQueued();
    return row;
  };

  /** Captures, releases or refunds, if the payment is still as `row` read it (else a 409). */
  const moveMoney = async (
    row: SandboxRow,
    to: ProviderStatus,
    amounts: { captured?: number; refunded?: number },
    event: string,
  ): Promise<SandboxRow> => {
    const [moved] = await runStatement<SandboxRow>(db, movePaidMoney, [
      row.id,
      row.status,
      to,
      amounts.captured ?? 0,
      amounts.refunded ?? 0,
      JSON.stringify(eventsFor(to, event)),
      row.capturedHalalas,
      row.refundedHalalas,
    ]);
    if (!moved) throw new GatewayError("sandbox", `payment ${row.id} changed meanwhile`, 409);
    options.onWebhookQueued();
    return moved;
  };

  const get = async (id: string) => {
    const [row] = await runStatement<SandboxRow>(db, findPayment, [id]);
    return row as (SandboxRow & { details: SandboxDetails }) | undefined;
  };

  /** The sandbox's wallet token (`{paymentData: {sandbox: "approve" | "decline"}}`) says how the sheet ended. */
  const walletDecision = (token: unknown): "approve" | "decline" | undefined => {
    const decision = (token as { paymentData?: { sandbox?: unknown } } | null | undefined)?.paymentData?.sandbox;
    return decision === "approve" || decision === "decline" ? decision : undefined;
  };

  const gateway: SandboxGateway = {
    id: "sandbox",

    async createPayment(request) {
      const localPart = request.buyer.email.split("@")[0]?.toLowerCase();
      if (localPart === GATEWAY_ERROR_LOCAL_PART) {
        throw new GatewayError("sandbox", "Service Unavailable (the sandbox's forced outage)", 503);
      }
      let status: ProviderStatus = "requires_action";
      let failureReason: string | undefined;
      if (paymentMethodOf(request.method).flow === "wallet") {
        const decision = walletDecision(request.applePayToken);
        if (!decision) throw new GatewayError("sandbox", "the Apple Pay token cannot be read", 400);
        status = decision === "approve" ? "paid" : "failed";
        if (decision === "decline") failureReason = "declined";
      }
      const testData = testDataOf(request.method);
      if (testData?.rejectedAtCreation && mobileTail(request.buyer.phone) === mobileTail(testData.decline)) {
        // A pre-scoring rejection (Tabby's): the session is created `rejected` with a reason code.
        status = "failed";
        failureReason = testData.rejectedAtCreation;
      }
      const id = `sbx_${randomBytes(12).toString("hex")}`;
      const details: SandboxDetails = {
        method: request.method,
        orderId: request.orderId,
        lang: request.lang,
        returnUrl: request.returnUrls.success,
        cancelUrl: request.returnUrls.cancel,
        notificationPath: new URL(request.notificationUrl).pathname,
        email: request.buyer.email,
        phone: request.buyer.phone,
        webhooks: status === "requires_action" ? [] : eventsFor(status),
      };
      const [inserted] = await runStatement<SandboxRow>(db, insertPayment, [
        id,
        request.method,
        status,
        request.amountHalalas,
        request.currency,
        request.reference,
        JSON.stringify(details),
        failureReason ?? null,
        request.idempotencyKey,
        // A wallet payment is charged at once (a purchase); hosted pages capture when they finish.
        status === "paid" ? request.amountHalalas : 0,
      ]);
      if (inserted) {
        if (status !== "requires_action") options.onWebhookQueued();
        return withUrl(inserted);
      }
      const [existing] = await runStatement<SandboxRow>(db, findByIdempotencyKey, [request.idempotencyKey]);
      if (!existing) throw new GatewayError("sandbox", "idempotency conflict without a payment", 409);
      return withUrl(existing);
    },

    async fetchPayment(providerPaymentId) {
      const row = await get(providerPaymentId);
      if (!row) throw new GatewayError("sandbox", `no payment ${providerPaymentId}`, 404);
      return withUrl(row);
    },

    // The sandbox keeps each payment under the idempotency key it was opened with (the order id),
    // so a payment whose answer was lost is found exactly, or is not there.
    async findPayment(lookup) {
      const [row] = await runStatement<SandboxRow>(db, findByIdempotencyKey, [lookup.idempotencyKey]);
      return row ? withUrl(row) : null;
    },

    async completePayment(payment, request) {
      const row = await get(payment.providerPaymentId);
      if (!row) throw new GatewayError("sandbox", `no payment ${payment.providerPaymentId}`, 404);
      if (row.amountHalalas !== request.amountHalalas) {
        throw new GatewayError("sandbox", "the amount to capture differs from the authorised amount", 400);
      }
      await change(row.id, ["authorized"], "paid");
      return gateway.fetchPayment(row.id);
    },

    async cancelPayment(providerPaymentId) {
      await change(providerPaymentId, ["requires_action", "authorized"], "cancelled");
      return gateway.fetchPayment(providerPaymentId);
    },

    // Like the providers it stands in for: a card is charged at once, an instalment plan is only
    // authorised at confirm (completePayment) and captured here, when the order ships.
    async capturePayment(providerPaymentId, request) {
      const row = await get(providerPaymentId);
      if (!row) throw new GatewayError("sandbox", `no payment ${providerPaymentId}`, 404);
      if (row.capturedHalalas >= request.amountHalalas) return withUrl(row);
      if (row.status !== "paid" || row.capturedHalalas > 0) {
        throw new GatewayError("sandbox", `cannot capture a ${row.status} payment`, 400);
      }
      if (request.amountHalalas <= 0 || request.amountHalalas > row.amountHalalas) {
        throw new GatewayError("sandbox", "the capture exceeds the authorised amount", 400);
      }
      await moveMoney(row, "paid", { captured: request.amountHalalas }, "payment.captured");
      return gateway.fetchPayment(row.id);
    },

    async voidPayment(providerPaymentId) {
      const row = await get(providerPaymentId);
      if (!row) throw new GatewayError("sandbox", `no payment ${providerPaymentId}`, 404);
      if (row.status !== "paid" || row.capturedHalalas > 0) {
        throw new GatewayError(
          "sandbox",
          `cannot void a ${row.status} payment with ${row.capturedHalalas} captured`,
          400,
        );
      }
      await moveMoney(row, "cancelled", {}, "payment.voided");
      return gateway.fetchPayment(row.id);
    },

    async refundPayment(providerPaymentId, amountHalalas) {
      const row = await get(providerPaymentId);
      if (!row) throw new GatewayError("sandbox", `no payment ${providerPaymentId}`, 404);
      if (row.status !== "paid") throw new GatewayError("sandbox", `cannot refund a ${row.status} payment`, 400);
      if (row.capturedHalalas === 0) throw new GatewayError("sandbox", "nothing was captured: void it instead", 400);
      if (amountHalalas <= 0 || amountHalalas > row.capturedHalalas - row.refundedHalalas) {
        throw new GatewayError("sandbox", "the refund exceeds what was captured", 400);
      }
      const refunded = row.refundedHalalas + amountHalalas;
      await moveMoney(
        row,
        refunded === row.amountHalalas ? "refunded" : "paid",
        { refunded: amountHalalas },
        "payment.refunded",
      );
      return gateway.fetchPayment(row.id);
    },

    async createApplePaySession(input) {
      let url: URL;
      try {
        url = new URL(input.validationUrl);
      } catch {
        throw new GatewayError("sandbox", "the validation URL is not a URL", 400);
      }
      if (url.protocol !== "https:") throw new GatewayError("sandbox", "the validation URL must be https", 400);
      const now = Date.now();
      // The shape of Apple's merchant session (what completeMerchantValidation takes).
      return {
        epochTimestamp: now,
        expiresAt: now + 5 * 60_000,
        merchantSessionIdentifier: `SSH${randomBytes(16).toString("hex").toUpperCase()}`,
        nonce: randomBytes(4).toString("hex"),
        merchantIdentifier: `merchant.sandbox.${studio.domain}`,
        domainName: input.domainName,
        displayName: input.displayName,
        signature: randomBytes(64).toString("base64"),
        operationalAnalyticsIdentifier: `${input.displayName}:sandbox`,
        retries: 0,
        pspId: "sandbox",
      };
    },

    async verifyWebhook(request: WebhookRequest): Promise<WebhookNotice | null> {
      const given = request.headers[SANDBOX_SIGNATURE_HEADER];
      const raw = request.rawBody;
      if (typeof given !== "string" || typeof raw !== "string") return null;
      const expected = Buffer.from(signSandboxWebhook(secret, raw));
      const presented = Buffer.from(given);
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
      const body = request.body as { id?: unknown; type?: unknown; data?: { id?: unknown } } | null;
      if (typeof body?.id !== "string" || typeof body.type !== "string" || typeof body.data?.id !== "string")
        return null;
      return {
        eventKey: body.id,
        providerPaymentId: body.data.id,
        type: body.type,
        ...(afterPaymentEvents.has(body.type) ? { afterPayment: true } : {}),
      };
    },

    find: get,

    async submitCard(id, number) {
      const digits = digitsOnly(number);
      const outcome = testCards[digits] ?? "declined";
      const card = JSON.stringify({ last4: digits.slice(-4), outcome });
      const [updated] = await runStatement<SandboxRow>(db, rememberCard, [id, card]);
      return updated as (SandboxRow & { details: SandboxDetails }) | undefined;
    },

    async finishThreeDs(id, approve) {
      // The status each event carries is set by the statement, from the outcome it applies.
      const events = eventsFor("requires_action");
      const [row] = await runStatement<SandboxRow>(db, finishCardPayment, [
        id,
        approve,
        threeDsOutcomesJson,
        JSON.stringify(events),
      ]);
      if (row) options.onWebhookQueued();
      return row;
    },

    async decideInstalments(id, phone, approve) {
      const row = await get(id);
      if (!row || row.status !== "requires_action") return undefined;
      const testData = testDataOf(row.method as PaymentRequest["method"]);
      if (!approve || (testData && mobileTail(phone) === mobileTail(testData.decline))) {
        const reason = testData?.declineReason ?? "declined";
        return change(id, ["requires_action"], "failed", {
          failureReason: approve ? reason : `${reason} by the buyer`,
        });
      }
      // Tamara `approved` / Tabby `AUTHORIZED`: the merchant still has to authorise or capture.
      return change(id, ["requires_action"], "authorized");
    },

    async cancelByBuyer(id) {
      return change(id, ["requires_action"], "cancelled", { failureReason: "cancelled by the buyer" });
    },

    async deliverWebhooks(deliver) {
      const now = Date.now();
      const rows = await runStatement<{
        id: string;
        amountHalalas: number;
        currency: string;
        orderReference: string;
        webhooks: PendingWebhook[] | string;
        path: string;
      }>(db, dueWebhooks, [now]);
      for (const row of rows) {
        const webhooks = jsonColumn(row.webhooks);
        const outcome = new Map<number, "sent" | "retry" | "drop">();
        for (const [index, event] of webhooks.entries()) {
          if (event.dueAt > now) continue;
          const rawBody = JSON.stringify({
            id: event.eventId,
            type: event.event ?? `payment.${event.status}`,
            created_at: new Date().toISOString(),
            data: {
              id: row.id,
              status: event.status,
              amount: row.amountHalalas,
              currency: row.currency,
              reference: row.orderReference,
            },
          });
          const status = await deliver(row.path, rawBody, {
            "content-type": "application/json",
            [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, rawBody),
          }).catch(() => 0);
          if (status >= 200 && status < 300) outcome.set(index, "sent");
          else outcome.set(index, event.attempts + 1 >= MAX_WEBHOOK_ATTEMPTS ? "drop" : "retry");
        }
        if (outcome.size === 0) continue;
        const settled: Record<string, PendingWebhook | null> = {};
        for (const [index, done] of outcome) {
          const event = webhooks[index];
          if (!event) continue;
          const attempts = event.attempts + 1;
          settled[`${index}:${event.eventId}`] =
            done === "retry"
              ? { ...event, attempts, dueAt: Date.now() + Math.min(60_000, 1000 * 2 ** attempts) }
              : null;
        }
        await runStatement(db, settleWebhooks, [row.id, JSON.stringify(settled)]);
      }
      return { more: rows.length === 50 };
    },
  };
  return gateway;
}
