import type { ReactNode } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { creditNoteLink, invoiceLink, orderStatusTone, type OrderView } from "#client/lib/orders.ts";
import { formatDate, formatNumber, formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { OrdersCopy } from "../copy.ts";
import { methodName } from "../lib/method-name.ts";

const tones = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-700/20",
  amber: "bg-amber-50 text-amber-900 ring-amber-700/20",
  red: "bg-red-50 text-red-800 ring-red-700/20",
  neutral: "bg-sand text-ink-soft ring-ink/10",
} as const;

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Riyadh" };

/** One order as its buyer sees it: state in words, what, how much, where to, and its history. */
export function OrderDetails(props: { copy: OrdersCopy; order: OrderView; accessToken?: string | undefined }) {
  const { copy, order } = props;
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const c = copy.order;
  const when = (iso: string) => <time dateTime={iso}>{formatDate(new Date(iso), lang, dateTime)}</time>;
  const price = (halalas: number) => <bdi>{formatPrice(halalas, lang)}</bdi>;
  const address = order.address;
  const [titleBefore, titleAfter] = c.title.split("{reference}");
  const partlyRefunded = order.refundedHalalas > 0 && order.refundedHalalas < order.totalAmountHalalas;
  const shipment = order.shipment;

  return (
    <article
      aria-labelledby="order-title"
      className="grid gap-6 rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-8"
      data-testid="order-details"
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-title" className="font-display text-3xl font-medium">
          {titleBefore}
          <bdi dir="ltr" data-testid="order-reference">
            {order.reference}
          </bdi>
          {titleAfter}
        </h2>
        <span className="flex flex-wrap gap-2">
          <span
            className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${tones[orderStatusTone[order.status]]}`}
            data-testid="order-status"
          >
            {copy.statuses[order.status]}
          </span>
          {partlyRefunded ? (
            <span
              className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${tones.amber}`}
              data-testid="order-partly-refunded"
            >
              {copy.partiallyRefunded}
            </span>
          ) : null}
        </span>
      </header>
      {order.failure === "no_payment_made" ? (
        <p role="note" className="rounded-2xl bg-sand px-4 py-3 text-sm" data-testid="order-no-payment">
          {copy.noPaymentMade}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <Row label={c.product}>{lang === "ar" ? order.product.nameAr : order.product.name}</Row>
        <Row label={c.quantity}>{formatNumber(order.quantity, lang)}</Row>
        <Row label={c.total}>
          <span className="font-medium" data-testid="order-total">
            {price(order.totalAmountHalalas)}
          </span>
        </Row>
        <Row label={c.vat}>{price(order.vatHalalas)}</Row>
        {order.paymentMethod ? <Row label={c.payment}>{methodName(order.paymentMethod, copy, lang)}</Row> : null}
        <Row label={c.placed}>{when(order.createdAt)}</Row>
        {order.paidAt ? <Row label={c.paid}>{when(order.paidAt)}</Row> : null}
        {shipment ? (
          <>
            <Row label={c.shipped}>
              <span data-testid="order-shipped">{when(shipment.shippedAt)}</span>
            </Row>
            {shipment.carrier ? (
              <Row label={c.carrier}>
                <bdi data-testid="order-carrier">{shipment.carrier}</bdi>
              </Row>
            ) : null}
            {shipment.trackingNumber ? (
              <Row label={c.tracking}>
                <bdi dir="ltr" data-testid="order-tracking">
                  {shipment.trackingNumber}
                </bdi>
              </Row>
            ) : null}
          </>
        ) : null}
        {order.deliveredAt ? <Row label={c.delivered}>{when(order.deliveredAt)}</Row> : null}
        {order.refundedHalalas > 0 ? (
          <Row label={c.refunded}>
            <span data-testid="order-refunded">
              {partlyRefunded
                ? interpolate(c.refundedPart, {
                    amount: "\u2068" + formatPrice(order.refundedHalalas, lang) + "\u2069",
                    total: "\u2068" + formatPrice(order.totalAmountHalalas, lang) + "\u2069",
                  })
                : price(order.refundedHalalas)}
            </span>
          </Row>
        ) : null}
        <Row label={c.buyer}>
          <span className="grid">
            <bdi>{order.buyer.name}</bdi>
            <bdi dir="ltr" className="justify-self-start">
              {order.buyer.email}
            </bdi>
            {order.buyer.phone ? (
              <bdi dir="ltr" className="justify-self-start">
                {order.buyer.phone}
              </bdi>
            ) : null}
          </span>
        </Row>
        {address ? (
          <Row label={c.address}>
            <address className="grid not-italic" data-testid="order-address">
              <bdi>
                {address.street}
                {address.building ? ` · ${interpolate(c.building, { number: address.building })}` : ""}
              </bdi>
              <bdi>
                {address.district}, {address.city}
              </bdi>
              {address.postalCode ? <bdi>{interpolate(c.postalCode, { code: address.postalCode })}</bdi> : null}
              <span>{c.country}</span>
            </address>
          </Row>
        ) : null}
      </dl>
      {order.events.length > 0 ? (
        <section aria-labelledby="order-history-title">
          <h3 id="order-history-title" className="mb-3 font-medium">
            {c.history}
          </h3>
          <ol className="grid gap-2 border-s border-sand-deep ps-4 text-sm" data-testid="order-history">
            {order.events.map((event, i) => (
              <li key={`${event.at}-${i}`} className="flex flex-wrap gap-x-3">
                <span className="font-medium">{copy.statuses[event.status]}</span>
                <span className="text-ink-soft">{when(event.at)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {order.invoice ? (
        <p className="flex flex-wrap items-center gap-3">
          <a
            href={invoiceLink(to("/orders"), order.reference, props.accessToken)}
            className="btn-primary"
            data-testid="order-invoice-link"
          >
            {c.invoice}
          </a>
          <span className="text-sm text-ink-soft">
            {interpolate(c.invoiceNumber, { number: "\u2068" + order.invoice.number + "\u2069" })}
          </span>
        </p>
      ) : null}
      {order.creditNotes.length > 0 ? (
        <ul className="grid gap-2 text-sm" data-testid="order-credit-notes">
          {order.creditNotes.map((note) => (
            <li key={note.number}>
              <a
                href={creditNoteLink(to("/orders"), order.reference, note.number, props.accessToken)}
                className="underline underline-offset-2"
                data-testid="order-credit-note-link"
              >
                {interpolate(c.creditNote, {
                  number: "\u2068" + note.number + "\u2069",
                  amount: "\u2068" + formatPrice(note.amountHalalas, lang) + "\u2069",
                })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
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
