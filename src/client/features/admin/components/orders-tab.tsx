import { useId, useState } from "react";
import { FilterField, FilterSelect, filterControl } from "#client/components/ui/filter-select.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { orderStatusTone } from "#client/lib/orders.ts";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { paymentMethodOf } from "#shared/payment-methods.ts";
import { checkoutPaymentMethods, type CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";
import { orderStatusValues, type OrderStatusValue } from "#shared/schemas/orders.ts";
import { useOrders } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Badge, Pagination, TestOrderBadge, useDebounced, When } from "./bits.tsx";
import { DataTable, IconButton, ViewIcon } from "./data-table.tsx";
import { OrderDialog } from "./order-dialog.tsx";

const PAGE_SIZE = 20;
const columns = ["reference", "status", "buyer", "amount", "method", "date", "actions"] as const;

/** Orders (issue 12): filters by status, method, search and dates, the table, pages, details. */
export function OrdersTab(props: { copy: AdminCopy }) {
  const { copy } = props;
  const { lang } = useI18n();
  const ids = { search: useId(), status: useId(), method: useId(), from: useId(), to: useId() };
  const [input, setInput] = useState("");
  const q = useDebounced(input.trim());
  const [status, setStatus] = useState<OrderStatusValue | "">("");
  const [method, setMethod] = useState<CheckoutPaymentMethod | "">("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const orders = useOrders(lang, {
    q,
    page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(method ? { method } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  const [open, setOpen] = useState<string | null>(null);
  const c = copy.orders;
  // The methods' short names are the registry's (src/shared/payment-methods.ts).
  const methodNames = Object.fromEntries(
    checkoutPaymentMethods.map((id) => [id, paymentMethodOf(id).shortLabel[lang]]),
  ) as Record<CheckoutPaymentMethod, string>;
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  // Amounts in riyals with the riyal's decimals, in the page's digits; the column says SAR.
  const riyals = (halalas: number) =>
    formatNumber(halalas / 100, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  return (
    <section aria-labelledby="admin-orders-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="admin-orders-title" className="font-display text-3xl font-medium">
          {c.title}
        </h2>
        {orders.data && (
          <p className="text-sm text-ink-soft" aria-live="polite" data-testid="orders-count">
            {interpolate(c.count, { count: formatNumber(orders.data.total, lang) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterField id={ids.search} label={c.search}>
          <input
            id={ids.search}
            type="search"
            value={input}
            placeholder={c.searchPlaceholder}
            onChange={(event) => filter(setInput)(event.target.value)}
            className={`${filterControl} w-72 max-w-full`}
          />
        </FilterField>
        <FilterSelect
          id={ids.status}
          label={c.status}
          allLabel={c.all}
          value={status}
          values={orderStatusValues}
          names={c.statuses}
          onChange={filter(setStatus)}
        />
        <FilterSelect
          id={ids.method}
          label={c.method}
          allLabel={c.all}
          value={method}
          values={checkoutPaymentMethods}
          names={methodNames}
          onChange={filter(setMethod)}
        />
        <FilterField id={ids.from} label={c.from}>
          <input
            id={ids.from}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => filter(setFrom)(event.target.value)}
            className={filterControl}
          />
        </FilterField>
        <FilterField id={ids.to} label={c.to}>
          <input
            id={ids.to}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => filter(setTo)(event.target.value)}
            className={filterControl}
          />
        </FilterField>
      </div>

      <DataTable
        query={orders}
        columns={columns}
        labels={c.columns}
        rowKey={(order) => order.id}
        rowTestId="order-row"
        loading={copy.loadingList}
        empty={c.empty}
        minWidth="min-w-[56rem]"
        row={(order) => (
          <>
            <td className="px-4 py-3 font-medium">
              <bdi dir="ltr">{order.reference}</bdi>
            </td>
            <td className="px-4 py-3">
              <span className="flex flex-wrap gap-1">
                <Badge tone={orderStatusTone[order.status]}>{c.statuses[order.status]}</Badge>
                {order.test ? <TestOrderBadge copy={copy} /> : null}
              </span>
            </td>
            <td className="px-4 py-3">
              <span className="grid">
                <bdi className="font-medium">{order.buyerName}</bdi>
                <span className="text-ink-soft">
                  <bdi dir="ltr">{order.buyerEmail}</bdi>
                </span>
              </span>
            </td>
            <td className="px-4 py-3 text-end whitespace-nowrap tabular-nums">
              <bdi>{riyals(order.totalAmountHalalas)}</bdi>
            </td>
            <td className="px-4 py-3">{order.paymentMethod ? methodNames[order.paymentMethod] : c.noMethod}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              <When iso={order.createdAt} lang={lang} time />
            </td>
            <td className="px-4 py-3">
              <IconButton label={interpolate(c.view, { reference: order.reference })} onClick={() => setOpen(order.id)}>
                <ViewIcon />
              </IconButton>
            </td>
          </>
        )}
      />
      {orders.data && (
        <Pagination
          page={page}
          total={orders.data.total}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          copy={copy}
          lang={lang}
        />
      )}
      {open && <OrderDialog id={open} copy={copy} onClose={() => setOpen(null)} />}
    </section>
  );
}
