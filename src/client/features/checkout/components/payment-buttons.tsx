import { formatPrice } from "#shared/i18n/format.ts";
import { plural } from "#shared/i18n/plural.ts";
import type { Lang } from "#shared/lang.ts";
import { paymentMethods, type PaymentMethodId } from "#shared/payment-methods.ts";
import type { PaymentMethodOffer } from "../api/checkout.ts";
import type { CheckoutCopy } from "../copy.ts";
import { paymentMarks } from "./payment-marks.tsx";

type PaymentMethod = (typeof paymentMethods)[number];

/** A wallet in its own black, a method paid at once outlined, a buy-now-pay-later one on sand. */
function lookOf(method: PaymentMethod): string {
  if (method.flow === "wallet") return "bg-black text-white hover:bg-ink";
  if (method.instalments !== null) return "border border-sand-deep bg-white text-ink hover:bg-sand";
  return "border border-ink bg-white text-ink hover:bg-sand";
}

/**
 * One button per payment method of the registry (spec §2, §4), in its order: a wallet (Apple
 * Pay) only where the browser can pay with it, each with its marks, the instalment methods with
 * their monthly payments. While one is processing all are disabled and the chosen one shows a
 * spinner.
 */
export function PaymentButtons(props: {
  copy: CheckoutCopy;
  lang: Lang;
  offers: readonly PaymentMethodOffer[] | null;
  /** The browser can pay with the wallet (Apple Pay JS says so). */
  walletReady: boolean;
  busy: PaymentMethodId | null;
  onPay: (method: PaymentMethodId) => void;
}) {
  const { copy, lang, offers, busy } = props;
  const c = copy.payment;
  const offer = (id: PaymentMethodId) => offers?.find((item) => item.id === id);
  // Until the server has answered, a method is assumed offered (the server refuses it anyway).
  const available = (id: PaymentMethodId) => offer(id)?.available ?? true;
  const instalmentNote = (id: PaymentMethodId, count: number) => {
    const amount = offer(id)?.instalment?.amountHalalas;
    return amount === undefined
      ? plural(c.instalments, count, lang)
      : plural(c.instalmentAmount, count, lang, { amount: `\u2068${formatPrice(amount, lang)}\u2069` });
  };

  return (
    <div className="grid gap-3">
      {paymentMethods.map((method) => {
        const { id } = method;
        const open = available(id);
        if (method.flow === "wallet" && !(props.walletReady && open)) return null;
        const Mark = paymentMarks[id];
        return (
          <button
            key={id}
            type="button"
            data-testid={`pay-${id}`}
            disabled={busy !== null || !open}
            aria-busy={busy === id || undefined}
            onClick={() => props.onPay(id)}
            className={`flex min-h-14 w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-2xl px-5 py-3 text-start transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${lookOf(method)}`}
          >
            <span className="flex items-center gap-3 font-medium">
              {busy === id ? (
                <span
                  aria-hidden="true"
                  className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
                />
              ) : null}
              {method.payLabel[lang]}
            </span>
            {open ? (
              <>
                {Mark ? <Mark copy={copy} /> : null}
                {method.instalments !== null ? (
                  <span className="text-sm text-ink-soft" data-testid={`instalments-${id}`}>
                    {instalmentNote(id, method.instalments)}
                  </span>
                ) : null}
              </>
            ) : (
              <span className="text-sm">{c.unavailable}</span>
            )}
          </button>
        );
      })}
      <p role="status" className={busy ? "text-sm text-ink-soft" : "sr-only"}>
        {busy ? c.processing : ""}
      </p>
    </div>
  );
}
