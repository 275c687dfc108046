import { useId, useState, type FormEvent } from "react";
import { FilterSelect } from "#client/components/ui/filter-select.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { formatNumber, formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import {
  paymentAlertStates,
  type AdminPaymentAlert,
  type PaymentAlertActionValue,
  type PaymentAlertState,
} from "#shared/schemas/payment-alerts.ts";
import { usePaymentAlerts, useResolvePaymentAlert } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Badge, Pagination, Spinner, When } from "./bits.tsx";
import { OrderDialog } from "./order-dialog.tsx";

const PAGE_SIZE = 10;

const actionTone: Record<PaymentAlertActionValue, "green" | "amber" | "red" | "neutral"> = {
  kept: "amber",
  refund_pending: "amber",
  refunded: "green",
  refund_failed: "red",
};

/** An amount in riyals inside a sentence, isolated in Arabic so that it keeps its own direction. */
const isolated = (halalas: number, lang: "en" | "ar") =>
  lang === "ar" ? `\u2068${formatPrice(halalas, lang)}\u2069` : formatPrice(halalas, lang);

/**
 * The Inbox's payment alerts (issue 35, decision 0044): money at a payment provider that no order
 * is paid by, newest first, with what was done about it (kept, or given back: pending, done,
 * refused); the admin resolves one with a note of what was done.
 */
export function PaymentAlerts(props: { copy: AdminCopy }) {
  const { copy } = props;
  const { lang } = useI18n();
  const c = copy.alerts;
  const stateId = useId();
  const [state, setState] = useState<PaymentAlertState>("open");
  const [page, setPage] = useState(1);
  const alerts = usePaymentAlerts(lang, { state, page, pageSize: PAGE_SIZE });
  const [resolving, setResolving] = useState<AdminPaymentAlert | null>(null);
  const [order, setOrder] = useState<string | null>(null);

  return (
    <section
      aria-labelledby="admin-alerts-title"
      className="grid gap-4 rounded-2xl border border-amber-700/30 bg-amber-50/60 p-5 sm:p-6"
      data-testid="payment-alerts"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="admin-alerts-title" className="font-display text-2xl font-medium">
            {c.title}
          </h2>
          <p className="max-w-2xl text-sm text-ink-soft">{c.lead}</p>
          {alerts.data && (
            <p className="text-sm text-ink-soft" aria-live="polite" data-testid="payment-alerts-count">
              {interpolate(c.count, { count: formatNumber(alerts.data.total, lang) })}
            </p>
          )}
        </div>
        <FilterSelect
          id={stateId}
          label={c.show}
          allLabel={c.states.all}
          allValue="all"
          value={state}
          values={paymentAlertStates.filter((value) => value !== "all")}
          names={c.states}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
        />
      </div>
      {alerts.isPending ? (
        <Spinner label={copy.loadingList} className="py-8" />
      ) : alerts.isError ? (
        <p className="text-red-800">{alerts.error.message}</p>
      ) : alerts.data.items.length === 0 ? (
        <p className="text-ink-soft">{c.empty}</p>
      ) : (
        <ul className="divide-y divide-sand-deep rounded-2xl border border-sand-deep bg-white/80">
          {alerts.data.items.map((alert) => (
            <li key={alert.id} className="grid gap-2 px-5 py-4" data-testid="payment-alert">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={actionTone[alert.action]}>
                  <span data-testid="payment-alert-action">{c.actions[alert.action]}</span>
                </Badge>
                <span className="font-medium" data-testid="payment-alert-kind">
                  {c.kinds[alert.kind]}
                </span>
                <span className="ms-auto text-sm text-ink-soft">
                  <When iso={alert.createdAt} lang={lang} time />
                </span>
              </div>
              <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-ink-soft">{c.amount}</dt>
                <dd>
                  <bdi className="font-medium" data-testid="payment-alert-amount">
                    {formatPrice(alert.amountHalalas, lang)}
                  </bdi>
                  {alert.currency !== "SAR" ? (
                    <bdi dir="ltr" className="ms-2 text-ink-soft">
                      {alert.currency}
                    </bdi>
                  ) : null}
                </dd>
                <dt className="text-ink-soft">{c.payment}</dt>
                <dd>
                  <bdi dir="ltr" className="font-mono text-xs" data-testid="payment-alert-payment">
                    {alert.gateway} · {alert.providerPaymentId}
                  </bdi>
                </dd>
                <dt className="text-ink-soft">{c.order}</dt>
                <dd>
                  {alert.order ? (
                    <button
                      type="button"
                      className="underline underline-offset-2"
                      onClick={() => setOrder(alert.order!.id)}
                      aria-label={interpolate(c.openOrder, { reference: alert.order.reference })}
                    >
                      <bdi dir="ltr" data-testid="payment-alert-order">
                        {alert.order.reference}
                      </bdi>
                    </button>
                  ) : (
                    c.noOrder
                  )}
                </dd>
                <dt className="text-ink-soft">{c.done}</dt>
                <dd data-testid="payment-alert-done">
                  {alert.action === "kept"
                    ? c.doneKept
                    : interpolate(alert.refundMethod === "void" ? c.doneVoid : c.doneRefund, {
                        amount: isolated(alert.refundHalalas, lang),
                      })}
                  {alert.error && alert.action !== "refunded" ? (
                    <span className="block text-ink-soft">{interpolate(c.providerSaid, { error: alert.error })}</span>
                  ) : null}
                </dd>
              </dl>
              {alert.resolvedAt ? (
                <p className="text-sm text-ink-soft" data-testid="payment-alert-resolution">
                  {alert.resolvedBy
                    ? interpolate(c.resolvedBy, { name: alert.resolvedBy, note: alert.resolutionNote ?? "" })
                    : interpolate(c.resolvedAnon, { note: alert.resolutionNote ?? "" })}
                </p>
              ) : (
                <div>
                  <button type="button" className="btn-outline min-h-9 px-4" onClick={() => setResolving(alert)}>
                    {c.resolve}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {alerts.data && (
        <Pagination
          page={page}
          total={alerts.data.total}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          copy={copy}
          lang={lang}
        />
      )}
      {resolving && <ResolveDialog alert={resolving} copy={copy} onClose={() => setResolving(null)} />}
      {order && <OrderDialog id={order} copy={copy} onClose={() => setOrder(null)} />}
    </section>
  );
}

function ResolveDialog(props: { alert: AdminPaymentAlert; copy: AdminCopy; onClose: () => void }) {
  const { alert, copy } = props;
  const c = copy.alerts;
  const { lang } = useI18n();
  const id = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const resolve = useResolvePaymentAlert(lang);
  const number = formatNumber(alert.id, lang, { useGrouping: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(c.noteRequired);
      return;
    }
    resolve.mutate(
      { id: alert.id, note: note.trim() },
      {
        onSuccess: () => {
          toast({ title: interpolate(c.resolved, { id: number }) });
          props.onClose();
        },
        onError: (failure) =>
          toast({
            variant: "destructive",
            title: c.failed,
            description: failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : failure.message,
          }),
      },
    );
  };

  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} describedBy={`${id}-body`} testId="resolve-alert-dialog">
      <form onSubmit={submit} noValidate className="w-[min(30rem,calc(100vw-2rem))] rounded-2xl bg-sand p-6 shadow-xl">
        <h2 id={`${id}-title`} className="font-display text-2xl font-medium">
          {interpolate(c.resolveTitle, { id: number })}
        </h2>
        <p id={`${id}-body`} className="mt-3 text-ink-soft">
          {c.resolveBody}
        </p>
        <label htmlFor={`${id}-note`} className="mt-5 block text-sm font-medium">
          {c.note}
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          rows={3}
          maxLength={1000}
          placeholder={c.notePlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
          className="mt-1 w-full rounded-2xl border border-sand-deep bg-white px-4 py-3"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-800" role="alert">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-outline" onClick={props.onClose}>
            {c.cancel}
          </button>
          <button type="submit" className="btn-primary" disabled={resolve.isPending} aria-busy={resolve.isPending}>
            {c.resolveAction}
          </button>
        </div>
      </form>
    </Modal>
  );
}
