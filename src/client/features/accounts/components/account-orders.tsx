import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { orderLink, orderStatusTone } from "#client/lib/orders.ts";
import { Link } from "#client/lib/router.tsx";
import { formatDate, formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { useOwnOrders } from "../api/use-own-orders.ts";
import type { AccountsCopy } from "../copy.ts";

const tones = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-700/20",
  amber: "bg-amber-50 text-amber-900 ring-amber-700/20",
  red: "bg-red-50 text-red-800 ring-red-700/20",
  neutral: "bg-sand text-ink-soft ring-ink/10",
} as const;

/** "My Orders" (issue 12): GET /api/orders, the account's own, each linking to its page. */
export function AccountOrders({ copy }: { copy: AccountsCopy }) {
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const c = copy.account.orders;
  const { orders, reload } = useOwnOrders(lang);

  if (orders === null)
    return (
      <p role="status" aria-busy="true" className="text-ink-soft">
        {c.loading}
      </p>
    );
  if (orders === "failed")
    return (
      <div role="alert" className="grid gap-3">
        <p>{c.failed}</p>
        <button type="button" className="btn-outline justify-self-start" onClick={reload}>
          {c.retry}
        </button>
      </div>
    );
  if (orders.length === 0)
    return (
      <div className="grid gap-3">
        <p className="text-ink-soft">{c.empty}</p>
        <Link to={to("/products")} className="btn-outline justify-self-start">
          {c.shop}
        </Link>
      </div>
    );
  return (
    <ul className="divide-y divide-sand-deep" data-testid="account-orders">
      {orders.map((order) => (
        <li
          key={order.reference}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
          data-testid="account-order"
        >
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <bdi dir="ltr" className="font-medium">
                {order.reference}
              </bdi>
              <span
                className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[orderStatusTone[order.status]]}`}
              >
                {c.statuses[order.status]}
              </span>
              {order.refundedHalalas > 0 && order.refundedHalalas < order.totalAmountHalalas ? (
                <span
                  className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tones.amber}`}
                >
                  {c.partiallyRefunded}
                </span>
              ) : null}
            </span>
            <span className="text-sm text-ink-soft">
              {lang === "ar" ? order.product.nameAr : order.product.name}
              {" · "}
              {interpolate(c.placed, {
                date: formatDate(new Date(order.createdAt), lang, { dateStyle: "medium", timeZone: "Asia/Riyadh" }),
              })}
            </span>
          </span>
          <bdi className="font-medium">{formatPrice(order.totalAmountHalalas, lang)}</bdi>
          <a
            href={orderLink(to("/orders"), order.reference, order.accessToken)}
            className="btn-outline min-h-9 px-4"
            aria-label={interpolate(c.view, { reference: order.reference })}
          >
            {c.viewShort}
          </a>
        </li>
      ))}
    </ul>
  );
}
