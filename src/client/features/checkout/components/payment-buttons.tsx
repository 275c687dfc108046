import type { ReactNode } from "react";
import { formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import type { CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";
import type { CheckoutCopy } from "../copy.ts";
import type { PaymentMethodOffer } from "../lib/checkout-api.ts";
import { ApplePayMark, CardMarks } from "./payment-marks.tsx";

/**
 * The four payment buttons (spec §2, §4): Apple Pay only where the browser can pay with it, card
 * with its marks, Tamara and Tabby with their four instalments. While one is processing all are
 * disabled and the chosen one shows a spinner.
 */
export function PaymentButtons(props: {
  copy: CheckoutCopy;
  lang: Lang;
  offers: readonly PaymentMethodOffer[] | null;
  applePay: boolean;
  busy: CheckoutPaymentMethod | null;
  onPay: (method: CheckoutPaymentMethod) => void;
}) {
  const { copy, lang, offers, busy } = props;
  const c = copy.payment;
  const offer = (id: CheckoutPaymentMethod) => offers?.find((item) => item.id === id);
  // Until the server has answered, a method is assumed offered (the server refuses it anyway).
  const available = (id: CheckoutPaymentMethod) => offer(id)?.available ?? true;
  const instalmentNote = (id: "tamara" | "tabby") => {
    const amount = offer(id)?.instalment?.amountHalalas;
    return amount === undefined
      ? c.instalments
      : interpolate(c.instalmentAmount, { amount: `\u2068${formatPrice(amount, lang)}\u2069` });
  };

  const button = (id: CheckoutPaymentMethod, label: string, extra: ReactNode, className: string) => {
    const open = available(id);
    return (
      <button
        key={id}
        type="button"
        data-testid={`pay-${id}`}
        disabled={busy !== null || !open}
        aria-busy={busy === id || undefined}
        onClick={() => props.onPay(id)}
        className={`flex min-h-14 w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-2xl px-5 py-3 text-start transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      >
        <span className="flex items-center gap-3 font-medium">
          {busy === id ? (
            <span
              aria-hidden="true"
              className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          ) : null}
          {label}
        </span>
        {open ? extra : <span className="text-sm">{c.unavailable}</span>}
      </button>
    );
  };

  return (
    <div className="grid gap-3">
      {props.applePay && available("apple-pay")
        ? button("apple-pay", c.applePay, <ApplePayMark />, "bg-black text-white hover:bg-ink")
        : null}
      {button(
        "credit-card",
        c.card,
        <>
          <span className="sr-only">{c.cardMarks}</span>
          <CardMarks />
        </>,
        "border border-ink bg-white text-ink hover:bg-sand",
      )}
      {(["tamara", "tabby"] as const).map((id) =>
        button(
          id,
          id === "tamara" ? c.tamara : c.tabby,
          <span className="text-sm text-ink-soft" data-testid={`instalments-${id}`}>
            {instalmentNote(id)}
          </span>,
          "border border-sand-deep bg-white text-ink hover:bg-sand",
        ),
      )}
      <p role="status" className={busy ? "text-sm text-ink-soft" : "sr-only"}>
        {busy ? c.processing : ""}
      </p>
    </div>
  );
}
