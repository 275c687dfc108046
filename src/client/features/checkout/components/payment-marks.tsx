import type { ReactNode } from "react";
import type { PaymentMethodId } from "#shared/payment-methods.ts";
import type { CheckoutCopy } from "../copy.ts";

type MarkProps = { copy: CheckoutCopy };

/**
 * The payment brands' marks by method, drawn inline (no third-party file or script): mada, Visa
 * and Mastercard on the card button, the Apple Pay mark on its button; a method without an entry
 * shows none. The drawings are decorative: each button says its method in words (the card's
 * brands too, for screen readers).
 */
export const paymentMarks: Partial<Record<PaymentMethodId, (props: MarkProps) => ReactNode>> = {
  "apple-pay": ApplePayMark,
  "credit-card": CardMarks,
};

function CardMarks({ copy }: MarkProps) {
  return (
    <>
      <span className="sr-only">{copy.payment.cardMarks}</span>
      <CardBrands />
    </>
  );
}

function CardBrands() {
  return (
    <span className="flex items-center gap-1.5" aria-hidden="true" dir="ltr">
      <svg
        width="40"
        height="24"
        viewBox="0 0 40 24"
        focusable="false"
        className="rounded-sm bg-white ring-1 ring-ink/10"
      >
        <rect x="5" y="7" width="12" height="4" fill="#84B740" />
        <rect x="5" y="13" width="12" height="4" fill="#259BD6" />
        <text x="19" y="16" fontSize="8" fontWeight="700" fontFamily="Arial, sans-serif" fill="#27292D">
          mada
        </text>
      </svg>
      <svg
        width="40"
        height="24"
        viewBox="0 0 40 24"
        focusable="false"
        className="rounded-sm bg-white ring-1 ring-ink/10"
      >
        <text
          x="20"
          y="16.5"
          textAnchor="middle"
          fontSize="11"
          fontStyle="italic"
          fontWeight="800"
          fontFamily="Arial, sans-serif"
          fill="#1A1F71"
        >
          VISA
        </text>
      </svg>
      <svg
        width="40"
        height="24"
        viewBox="0 0 40 24"
        focusable="false"
        className="rounded-sm bg-white ring-1 ring-ink/10"
      >
        <circle cx="16" cy="12" r="7" fill="#EB001B" />
        <circle cx="24" cy="12" r="7" fill="#F79E1B" />
        <path d="M20 6.3a7 7 0 0 1 0 11.4 7 7 0 0 1 0-11.4Z" fill="#FF5F00" />
      </svg>
    </span>
  );
}

function ApplePayMark() {
  return (
    <svg width="52" height="22" viewBox="0 0 52 22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9.6 4.2c-.6.7-1.5 1.2-2.4 1.1-.1-.9.3-1.9.9-2.5.6-.7 1.6-1.2 2.4-1.2.1 1-.3 1.9-.9 2.6Zm.9 1.4c-1.3-.1-2.5.8-3.1.8-.7 0-1.6-.7-2.7-.7-1.4 0-2.7.8-3.4 2.1-1.5 2.5-.4 6.3 1 8.4.7 1 1.5 2.1 2.6 2.1 1 0 1.4-.7 2.7-.7 1.2 0 1.6.7 2.7.6 1.1 0 1.8-1 2.5-2 .8-1.2 1.1-2.3 1.1-2.3s-2.2-.9-2.2-3.4c0-2.1 1.7-3.1 1.8-3.2-1-1.5-2.5-1.6-3-1.7Z"
      />
      <text
        x="16"
        y="16"
        fontSize="13"
        fontWeight="600"
        fontFamily="-apple-system, Arial, sans-serif"
        fill="currentColor"
      >
        Pay
      </text>
    </svg>
  );
}
