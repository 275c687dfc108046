import { useId, useState, type ReactNode } from "react";
import { Modal } from "#client/components/ui/modal.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { creditNoteLink, orderStatusTone } from "#client/lib/orders.ts";
import { formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { localizePath } from "#shared/lang.ts";
import { paymentMethodOf } from "#shared/payment-methods.ts";
import type { AdminOrderView } from "#shared/schemas/orders.ts";
import { useOrder, useRefundOrder } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Badge, Spinner, When } from "./bits.tsx";
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

/** One order for the studio: buyer, address, amounts, the provider's reference, its history, refund. */
export function OrderDialog(props: { id: string; copy: AdminCopy; onClose: () => void }) {
  const { copy } = props;
  const { lang } = useI18n();
  const id = useId();
  const order = useOrder(lang, props.id);
  const refund = useRefundOrder(lang);
  const [confirming, setConfirming] = useState(false);
  const c = copy.order;
  const data = order.data;

  const doRefund = (current: AdminOrderView) =>
    refund.mutate(
      { id: current.id },
      {
        onSuccess: (body) => {
          setConfirming(false);
          toast({ title: interpolate(c.refunded, { reference: body.order.reference }) });
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: c.refundFailed,
            description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
          }),
      },
    );

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
            <p className="mt-3">
              <Badge tone={orderStatusTone[data.status]}>
                <span data-testid="order-dialog-status">{copy.orders.statuses[data.status]}</span>
              </Badge>
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
              <Row label={c.method}>
                {data.paymentMethod ? paymentMethodOf(data.paymentMethod).shortLabel[lang] : c.none}
              </Row>
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
                  {data.events.map((event, i) => (
                    <tr key={`${event.at}-${i}`} data-testid="order-event">
                      <td className="py-2 pe-4 whitespace-nowrap">
                        <When iso={event.at} lang={lang} time />
                      </td>
                      <td className="py-2 pe-4">
                        {event.fromStatus
                          ? interpolate(c.moved, {
                              from: copy.orders.statuses[event.fromStatus],
                              to: copy.orders.statuses[event.status],
                            })
                          : interpolate(c.created_event, { status: copy.orders.statuses[event.status] })}
                      </td>
                      <td className="py-2">{actorOf(event.actor, copy)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {data?.status === "paid" ? (
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              onClick={() => setConfirming(true)}
            >
              {c.refund}
            </button>
          ) : null}
          <button type="button" className="btn-outline" onClick={props.onClose}>
            {c.close}
          </button>
        </div>
      </div>
      {confirming && data ? (
        <ConfirmDialog
          title={c.refundTitle}
          body={interpolate(c.refundBody, {
            amount: formatPrice(data.totalAmountHalalas, lang),
            method: data.paymentMethod ? paymentMethodOf(data.paymentMethod).shortLabel[lang] : c.none,
          })}
          confirm={interpolate(c.refundAction, { amount: formatPrice(data.totalAmountHalalas, lang) })}
          cancel={copy.confirm.cancel}
          destructive
          pending={refund.isPending}
          onConfirm={() => doRefund(data)}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Modal>
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
