import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Modal } from "#client/components/ui/modal.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { creditNoteLink, orderStatusTone } from "#client/lib/orders.ts";
import { formatNumber, formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { localizePath } from "#shared/lang.ts";
import { paymentMethodOf } from "#shared/payment-methods.ts";
import type { AdminOrderView, AdminPaymentOperation } from "#shared/schemas/orders.ts";
import { isTestOrder } from "#shared/test-orders.ts";
import { useOrder, useOrderAction, type OrderAction } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { filterControl } from "#client/components/ui/filter-select.tsx";
import { Badge, Spinner, TestOrderBadge, When } from "./bits.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** Who or what moved an order (`order_events.actor`: buyer, system, gateway:<id>, webhook:<id>, admin:<id>). */
function actorOf(actor: string, copy: AdminCopy): string {
  const a = copy.order.actors;
  const [kind, name = ""] = actor.split(":", 2) as [string, string?];
  if (kind === "buyer") return a.buyer;
  if (kind === "system") return a.system;
  if (kind === "admin") return a.admin;
  if (kind === "gateway") return interpolate(a.gateway, { name });
  if (kind === "webhook") return interpolate(a.webhook, { name });
  return interpolate(a.other, { actor });
}

type Entry = { at: string; key: string; change: string; note?: string | undefined; by: string };

type AlertNote = keyof AdminCopy["order"]["notes"]["alert"];

/**
 * What a history row's detail says beyond the move, in the admin's words (issue 35): a create call
 * left unanswered, an order failed because the provider holds no payment, a cancel that failed at
 * expiry, and every step of a payment alert about the order.
 */
function noteOf(detail: Record<string, unknown> | null, copy: AdminCopy, lang: "en" | "ar"): string | undefined {
  const n = copy.order.notes;
  if (!detail) return undefined;
  if (detail.stage === "create" && detail.outcome === "unanswered") return n.unanswered;
  if (detail.reason === "no_payment_made") return n.noPaymentMade;
  if (detail.stage === "expiry" && detail.outcome === "cancel_failed") return n.cancelFailed;
  if (detail.stage !== "payment_alert" || typeof detail.outcome !== "string" || !(detail.outcome in n.alert)) {
    return undefined;
  }
  const kind = typeof detail.kind === "string" && detail.kind in copy.alerts.kinds ? detail.kind : undefined;
  return interpolate(n.alert[detail.outcome as AlertNote], {
    id: formatNumber(Number(detail.alertId), lang, { useGrouping: false }),
    amount:
      typeof detail.amountHalalas !== "number"
        ? ""
        : lang === "ar"
          ? `\u2068${formatPrice(detail.amountHalalas, lang)}\u2069`
          : formatPrice(detail.amountHalalas, lang),
    kind: kind ? copy.alerts.kinds[kind as keyof AdminCopy["alerts"]["kinds"]] : "",
    note: typeof detail.note === "string" ? detail.note : "",
  });
}

/**
 * The order's history as the studio reads it (issue 35): its state changes and the payment
 * operations at the provider (requested, then done or failed with the provider's words), oldest
 * first.
 */
function historyOf(data: AdminOrderView, copy: AdminCopy, lang: "en" | "ar"): Entry[] {
  const c = copy.order;
  const entries: Entry[] = [];
  const words = (op: AdminPaymentOperation, state: AdminPaymentOperation["state"]) => {
    const what = interpolate(c.operations[op.kind][state], { amount: formatPrice(op.amountHalalas, lang) });
    return op.source === "provider" ? interpolate(c.operations.atProvider, { what }) : what;
  };
  for (const op of data.operations) {
    const reason = op.reason ? interpolate(c.operations.reason, { reason: op.reason }) : undefined;
    if (op.source === "studio") {
      entries.push({
        at: op.requestedAt,
        key: `o${op.id}r`,
        change: words(op, "requested"),
        note: reason,
        by: actorOf(op.actor, copy),
      });
    }
    if (op.completedAt && op.state !== "requested") {
      entries.push({
        at: op.completedAt,
        key: `o${op.id}d`,
        change: words(op, op.state),
        note: op.error
          ? interpolate(c.operations.error, { error: op.error })
          : op.source === "provider"
            ? undefined
            : reason,
        by: op.source === "provider" ? actorOf(op.actor, copy) : c.actors.provider,
      });
    }
  }
  const changes: Entry[] = data.events.map((event, i) => {
    const note = noteOf(event.detail, copy, lang);
    // A note (a provider call that moved nothing, issue 35) reads as what happened, not "Pending → Pending".
    const still = event.fromStatus === event.status && note;
    return {
      at: event.at,
      key: `e${i}`,
      change: still
        ? note
        : event.fromStatus
          ? interpolate(c.moved, {
              from: copy.orders.statuses[event.fromStatus],
              to: copy.orders.statuses[event.status],
            })
          : interpolate(c.created_event, { status: copy.orders.statuses[event.status] }),
      ...(note && !still ? { note } : {}),
      by: actorOf(event.actor, copy),
    };
  });
  // Stable: an operation and the state change written in its transaction share a time; the
  // operation (asked for, answered) reads before the change it brought.
  entries.push(...changes);
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Riyals typed by the admin ("122.5", "١٢٢٫٥٠") as halalas, or NaN. */
function halalasOf(text: string): number {
  const ascii = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u066B,]/g, ".");
  if (!/^\d+(\.\d{1,2})?$/.test(ascii)) return Number.NaN;
  return Math.round(Number(ascii) * 100);
}

type Open = null | "ship" | "deliver" | "cancel" | "refund" | "refund-confirm";

/**
 * One order for the studio: buyer, address, amounts, the provider's reference, fulfilment and
 * money moved, its history, and the actions its state allows (issue 35): ship (with carrier and
 * tracking), mark delivered, cancel before shipping, refund all or part (confirmed), sync.
 */
export function OrderDialog(props: { id: string; copy: AdminCopy; onClose: () => void }) {
  const { copy } = props;
  const { lang } = useI18n();
  const id = useId();
  const order = useOrder(lang, props.id);
  const action = useOrderAction(lang);
  const [open, setOpen] = useState<Open>(null);
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const c = copy.order;
  const data = order.data;

  const waiting = data?.operations.some((op) => op.state === "requested") ?? false;
  const remaining = data ? data.totalAmountHalalas - data.refundedHalalas : 0;
  const can = {
    ship: data?.status === "paid" && !waiting,
    deliver: data?.status === "shipped",
    cancel: data?.status === "paid" && !waiting,
    refund:
      (data?.status === "paid" || data?.status === "shipped" || data?.status === "delivered") &&
      remaining > 0 &&
      !waiting,
    sync: Boolean(data?.gateway && data.paymentReference),
  };
  const method = data?.paymentMethod ? paymentMethodOf(data.paymentMethod).shortLabel[lang] : c.none;
  const refundHalalas = halalasOf(amount);

  const run = (input: OrderAction, success: (body: { order: AdminOrderView }) => string) =>
    action.mutate(
      { id: props.id, ...input },
      {
        onSuccess: (body) => {
          setOpen(null);
          if (body.outcome === "pending") toast({ title: c.pendingAnswer });
          else toast({ title: success(body) });
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: input.action === "refund" ? c.refundFailed : c.actionFailed,
            description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
          }),
      },
    );

  const openRefund = () => {
    setAmount((remaining / 100).toFixed(2));
    setReason("");
    setAmountError(null);
    setOpen("refund");
  };
  const submitRefund = (event: FormEvent) => {
    event.preventDefault();
    if (!(refundHalalas > 0 && refundHalalas <= remaining)) {
      setAmountError(interpolate(c.refundAmountInvalid, { amount: formatPrice(remaining, lang) }));
      return;
    }
    setOpen("refund-confirm");
  };
  const submitShip = (event: FormEvent) => {
    event.preventDefault();
    run(
      {
        action: "ship",
        body: {
          ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
          ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
        },
      },
      () => c.done,
    );
  };

  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} testId="order-dialog">
      <div className="max-h-[calc(100vh-2rem)] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-sand p-6 shadow-xl">
        <h2 id={`${id}-title`} className="font-display text-2xl font-medium">
          {data ? (
            <>
              {c.title.split("{reference}")[0]}
              <bdi dir="ltr">{data.reference}</bdi>
              {c.title.split("{reference}")[1]}
            </>
          ) : (
            copy.orders.title
          )}
        </h2>
        {order.isPending && <Spinner label={copy.loadingList} className="py-10" />}
        {order.isError && <p className="mt-4 text-red-800">{order.error.message}</p>}
        {data && (
          <>
            <p className="mt-3 flex flex-wrap gap-2">
              <Badge tone={orderStatusTone[data.status]}>
                <span data-testid="order-dialog-status">{copy.orders.statuses[data.status]}</span>
              </Badge>
              {isTestOrder(data) ? (
                <>
                  {" "}
                  <TestOrderBadge copy={copy} />
                </>
              ) : null}
              {data.refundedHalalas > 0 && data.status !== "refunded" ? (
                <Badge tone="amber">{copy.orders.partiallyRefunded}</Badge>
              ) : null}
            </p>
            <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
              <Row label={c.buyer}>
                <span className="grid">
                  <bdi>{data.buyer.name}</bdi>
                  <bdi dir="ltr" className="justify-self-start">
                    {data.buyer.email}
                  </bdi>
                  {data.buyer.phone ? (
                    <bdi dir="ltr" className="justify-self-start">
                      {data.buyer.phone}
                    </bdi>
                  ) : null}
                </span>
              </Row>
              <Row label={c.address}>
                {data.address ? (
                  <address className="grid not-italic">
                    <bdi>{[data.address.street, data.address.building].filter(Boolean).join(" ")}</bdi>
                    <bdi>
                      {data.address.district}, {data.address.city}
                      {data.address.postalCode ? ` ${data.address.postalCode}` : ""}
                    </bdi>
                  </address>
                ) : (
                  c.none
                )}
              </Row>
              <Row label={c.product}>{lang === "ar" ? data.product.nameAr : data.product.name}</Row>
              <Row label={c.amount}>
                <bdi className="font-medium">{formatPrice(data.totalAmountHalalas, lang)}</bdi>
              </Row>
              <Row label={c.vat}>
                <bdi>{formatPrice(data.vatHalalas, lang)}</bdi>
              </Row>
              <Row label={c.method}>{method}</Row>
              <Row label={c.gateway}>{data.gateway ?? c.none}</Row>
              <Row label={c.providerReference}>
                {data.paymentReference ? (
                  <bdi dir="ltr" className="font-mono text-xs" data-testid="order-provider-reference">
                    {data.paymentReference}
                  </bdi>
                ) : (
                  c.none
                )}
              </Row>
              <Row label={c.created}>
                <When iso={data.createdAt} lang={lang} time />
              </Row>
              <Row label={c.paid}>{data.paidAt ? <When iso={data.paidAt} lang={lang} time /> : c.none}</Row>
              {data.paidAt ? (
                <Row label={c.captured}>
                  <span data-testid="order-captured">
                    {data.capturedHalalas > 0 ? <bdi>{formatPrice(data.capturedHalalas, lang)}</bdi> : c.notCaptured}
                  </span>
                </Row>
              ) : null}
              {data.refundedHalalas > 0 ? (
                <Row label={c.refundedSoFar}>
                  <bdi data-testid="order-refunded">{formatPrice(data.refundedHalalas, lang)}</bdi>
                </Row>
              ) : null}
              {data.shipment ? (
                <Row label={c.shippedWith}>
                  <span className="grid" data-testid="order-shipment">
                    <When iso={data.shipment.shippedAt} lang={lang} time />
                    {data.shipment.carrier ? (
                      <span>
                        {c.carrierLabel}: <bdi>{data.shipment.carrier}</bdi>
                      </span>
                    ) : null}
                    {data.shipment.trackingNumber ? (
                      <span>
                        {c.trackingLabel}: <bdi dir="ltr">{data.shipment.trackingNumber}</bdi>
                      </span>
                    ) : null}
                  </span>
                </Row>
              ) : null}
              {data.deliveredAt ? (
                <Row label={c.delivered}>
                  <When iso={data.deliveredAt} lang={lang} time />
                </Row>
              ) : null}
              <Row label={c.language}>{copy.details.languages[data.lang]}</Row>
              <Row label={c.invoice}>{data.invoice ? <bdi dir="ltr">{data.invoice.number}</bdi> : c.none}</Row>
              <Row label={c.creditNotes}>
                {data.creditNotes.length > 0 ? (
                  <ul className="grid gap-1">
                    {data.creditNotes.map((note) => (
                      <li key={note.number}>
                        <a
                          className="underline underline-offset-2"
                          href={creditNoteLink(localizePath("/orders", lang), data.reference, note.number)}
                          target="_blank"
                          rel="noopener"
                          data-testid="order-credit-note-link"
                        >
                          <bdi dir="ltr">{note.number}</bdi>
                        </a>{" "}
                        <bdi>{formatPrice(note.amountHalalas, lang)}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : (
                  c.none
                )}
              </Row>
            </dl>
            <div className="mt-6 overflow-x-auto">
              <table className="w-full text-start text-sm" data-testid="order-history">
                <caption className="mb-2 text-start font-medium">{c.history}</caption>
                <thead className="text-ink-soft">
                  <tr>
                    <th scope="col" className="py-2 pe-4 text-start font-medium">
                      {c.when}
                    </th>
                    <th scope="col" className="py-2 pe-4 text-start font-medium">
                      {c.change}
                    </th>
                    <th scope="col" className="py-2 text-start font-medium">
                      {c.by}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand-deep">
                  {historyOf(data, copy, lang).map((entry) => (
                    <tr key={entry.key} data-testid="order-event">
                      <td className="py-2 pe-4 whitespace-nowrap">
                        <When iso={entry.at} lang={lang} time />
                      </td>
                      <td className="py-2 pe-4">
                        {entry.change}
                        {entry.note ? <span className="block text-xs text-ink-soft">{entry.note}</span> : null}
                      </td>
                      <td className="py-2">{entry.by}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3" role="group" aria-label={c.actions}>
          {can.sync ? (
            <button
              type="button"
              className="btn-outline"
              disabled={action.isPending}
              onClick={() =>
                run({ action: "sync" }, (body) => interpolate(c.synced, { reference: body.order.reference }))
              }
            >
              {c.sync}
            </button>
          ) : null}
          {can.ship ? (
            <button type="button" className="btn-primary" onClick={() => setOpen("ship")}>
              {c.ship}
            </button>
          ) : null}
          {can.deliver ? (
            <button type="button" className="btn-primary" onClick={() => setOpen("deliver")}>
              {c.deliver}
            </button>
          ) : null}
          {can.cancel ? (
            <button type="button" className="btn-outline" onClick={() => setOpen("cancel")}>
              {c.cancel}
            </button>
          ) : null}
          {can.refund ? (
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={openRefund}>
              {c.refund}
            </button>
          ) : null}
          <button type="button" className="btn-outline" onClick={props.onClose}>
            {c.close}
          </button>
        </div>
      </div>
      {open === "ship" && data ? (
        <FormDialog title={c.shipTitle} onClose={() => setOpen(null)} testId="ship-dialog" onSubmit={submitShip}>
          <p className="text-ink-soft">{c.shipBody}</p>
          <Field id={`${id}-carrier`} label={c.carrier}>
            <input
              id={`${id}-carrier`}
              value={carrier}
              maxLength={80}
              onChange={(event) => setCarrier(event.target.value)}
              className={filterControl}
            />
          </Field>
          <Field id={`${id}-tracking`} label={c.tracking}>
            <input
              id={`${id}-tracking`}
              value={tracking}
              maxLength={80}
              dir="ltr"
              onChange={(event) => setTracking(event.target.value)}
              className={filterControl}
            />
          </Field>
          <Buttons
            cancel={copy.confirm.cancel}
            confirm={c.shipAction}
            pending={action.isPending}
            onCancel={() => setOpen(null)}
          />
        </FormDialog>
      ) : null}
      {open === "refund" && data ? (
        <FormDialog title={c.refundTitle} onClose={() => setOpen(null)} testId="refund-dialog" onSubmit={submitRefund}>
          <p className="text-ink-soft">{interpolate(c.refundBody, { amount: formatPrice(remaining, lang), method })}</p>
          <Field id={`${id}-amount`} label={c.refundAmount} hint={c.refundAmountHint} error={amountError}>
            <input
              id={`${id}-amount`}
              value={amount}
              inputMode="decimal"
              dir="ltr"
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ""}`}
              onChange={(event) => {
                setAmount(event.target.value);
                setAmountError(null);
              }}
              className={filterControl}
            />
          </Field>
          <Field id={`${id}-reason`} label={c.refundReason}>
            <textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              rows={2}
              onChange={(event) => setReason(event.target.value)}
              className="rounded-2xl border border-sand-deep bg-white px-4 py-2"
            />
          </Field>
          <Buttons
            cancel={copy.confirm.cancel}
            confirm={interpolate(c.refundAction, {
              amount: Number.isNaN(refundHalalas) ? "" : formatPrice(refundHalalas, lang),
            })}
            pending={false}
            destructive
            onCancel={() => setOpen(null)}
          />
        </FormDialog>
      ) : null}
      {open === "refund-confirm" && data ? (
        <ConfirmDialog
          title={c.refundTitle}
          body={interpolate(c.refundConfirm, { amount: formatPrice(refundHalalas, lang), name: data.buyer.name })}
          confirm={interpolate(c.refundAction, { amount: formatPrice(refundHalalas, lang) })}
          cancel={copy.confirm.cancel}
          destructive
          pending={action.isPending}
          onConfirm={() =>
            run(
              {
                action: "refund",
                body: {
                  ...(refundHalalas === remaining ? {} : { amountHalalas: refundHalalas }),
                  ...(reason.trim() ? { reason: reason.trim() } : {}),
                },
              },
              (body) => interpolate(c.refunded, { reference: body.order.reference }),
            )
          }
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === "deliver" ? (
        <ConfirmDialog
          title={c.deliverTitle}
          body={c.deliverBody}
          confirm={c.deliverAction}
          cancel={copy.confirm.cancel}
          pending={action.isPending}
          onConfirm={() => run({ action: "deliver" }, () => c.done)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === "cancel" && data ? (
        <ConfirmDialog
          title={c.cancelTitle}
          body={interpolate(c.cancelBody, { amount: formatPrice(data.totalAmountHalalas, lang) })}
          confirm={c.cancelAction}
          cancel={c.keep}
          destructive
          pending={action.isPending}
          onConfirm={() => run({ action: "cancel" }, () => c.done)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Modal>
  );
}

/** A small form in its own modal (ship, refund). */
function FormDialog(props: {
  title: string;
  testId: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} testId={props.testId}>
      <form
        noValidate
        onSubmit={props.onSubmit}
        className="grid w-[min(28rem,calc(100vw-2rem))] gap-4 rounded-2xl bg-sand p-6 shadow-xl"
      >
        <h2 id={`${id}-title`} className="font-display text-2xl font-medium">
          {props.title}
        </h2>
        {props.children}
      </form>
    </Modal>
  );
}

function Field(props: { id: string; label: string; hint?: string; error?: string | null; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.children}
      {props.hint ? (
        <p id={`${props.id}-hint`} className="text-xs text-ink-soft">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} role="alert" className="text-sm text-red-800">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function Buttons(props: {
  cancel: string;
  confirm: string;
  pending: boolean;
  destructive?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-3">
      <button type="button" className="btn-outline" onClick={props.onCancel}>
        {props.cancel}
      </button>
      <button
        type="submit"
        className={props.destructive ? "btn bg-red-700 text-white hover:bg-red-800" : "btn-primary"}
        disabled={props.pending}
        aria-busy={props.pending}
      >
        {props.confirm}
      </button>
    </div>
  );
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink-soft">{props.label}</dt>
      <dd>{props.children}</dd>
    </>
  );
}
