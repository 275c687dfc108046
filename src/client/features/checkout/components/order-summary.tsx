import { memo } from "react";
import { Picture } from "#client/components/ui/picture.tsx";
import { formatNumber, formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import type { CheckoutProductId } from "#shared/schemas/checkout.ts";
import { catalogProduct } from "#content/catalog.ts";
import type { CheckoutCopy } from "../copy.ts";
import { vatIncluded } from "../lib/vat.ts";

/**
 * The order summary (spec §2 Checkout): the piece, quantity 1, size Standard, price and total. The
 * picture is the catalog's (content/catalog.ts) and its words the product's (content/products.*);
 * the name and price are those the page charges (the server's catalog once it has answered).
 */
export const OrderSummary = memo(function OrderSummary(props: {
  copy: CheckoutCopy;
  lang: Lang;
  productId: CheckoutProductId;
  name: string;
  priceHalalas: number;
}) {
  const { copy, lang, priceHalalas } = props;
  const c = copy.summary;
  const price = (halalas: number) => <bdi>{formatPrice(halalas, lang)}</bdi>;
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-8"
      data-testid="order-summary"
    >
      <h2 id="checkout-summary-title" className="font-display text-2xl font-medium">
        {c.title}
      </h2>
      <div className="mt-5 flex items-center gap-4">
        <Picture
          src={catalogProduct(props.productId).media.image}
          alt={copy.products[props.productId].summaryAlt}
          sizes="96px"
          priority
          className="block h-24 w-24 shrink-0 overflow-hidden rounded-2xl bg-sand"
          imgClassName="h-full w-full object-cover"
        />
        <p className="font-display text-xl font-medium" data-testid="summary-product">
          {props.name}
        </p>
      </div>
      <dl className="mt-6 grid grid-cols-[1fr_auto] gap-y-2 text-sm">
        <dt className="text-ink-soft">{c.quantity}</dt>
        <dd className="ps-4 text-end">{formatNumber(1, lang)}</dd>
        <dt className="text-ink-soft">{c.size}</dt>
        <dd className="ps-4 text-end">{c.standard}</dd>
        <dt className="text-ink-soft">{c.price}</dt>
        <dd className="ps-4 text-end" data-testid="summary-price">
          {price(priceHalalas)}
        </dd>
        <dt className="mt-3 border-t border-sand-deep pt-3 text-base font-medium">{c.total}</dt>
        <dd
          className="mt-3 border-t border-sand-deep ps-4 pt-3 text-end text-base font-medium"
          data-testid="summary-total"
        >
          {price(priceHalalas)}
        </dd>
      </dl>
      <p className="mt-2 text-end text-xs text-ink-soft" data-testid="summary-vat">
        {interpolate(c.vatIncluded, { vat: "\u2068" + formatPrice(vatIncluded(priceHalalas), lang) + "\u2069" })}
      </p>
    </section>
  );
});
