/**
 * The one declaration of the checkout's payment methods (spec §9). Everything else derives from
 * this list: the zod enum of create-intent, the database's check, the server's gateway registry,
 * the checkout's buttons and every label the site, its e-mails and its documents show for a
 * method. A method names the provider that serves it in production (`PAYMENT_GATEWAY=providers`;
 * the sandbox stands in for every method otherwise) and says how the buyer pays:
 * - `flow: "redirect"`: create-intent answers a provider page the buyer is sent to (card with
 *   3-D Secure, Tamara and Tabby checkouts), and the buyer comes back to /checkout to confirm;
 * - `flow: "wallet"`: the browser's payment sheet (Apple Pay JS) collects a token that
 *   create-intent charges directly.
 * `instalments` is set for buy-now-pay-later methods: the number of monthly payments shown.
 */

export type PaymentMethodDefinition = {
  readonly id: string;
  readonly provider: string;
  readonly flow: "redirect" | "wallet";
  readonly instalments: number | null;
  /** The method's name as documents and e-mails show it ("Card (mada, Visa, Mastercard)"). */
  readonly label: Bilingual;
  /** The short name of lists and filters ("Card"). */
  readonly shortLabel: Bilingual;
  /** The checkout button's words ("Pay with Tamara"). */
  readonly payLabel: Bilingual;
};

type Bilingual = { readonly en: string; readonly ar: string };

/** Tamara and Tabby split the total into this many interest-free monthly payments (spec §9). */
export const INSTALMENT_COUNT = 4;

export const paymentMethods = [
  {
    id: "apple-pay",
    provider: "moyasar",
    flow: "wallet",
    instalments: null,
    label: { en: "Apple Pay", ar: "Apple Pay" },
    shortLabel: { en: "Apple Pay", ar: "Apple Pay" },
    payLabel: { en: "Pay with Apple Pay", ar: "ادفع عبر Apple Pay" },
  },
  {
    id: "credit-card",
    provider: "moyasar",
    flow: "redirect",
    instalments: null,
    label: { en: "Card (mada, Visa, Mastercard)", ar: "بطاقة (مدى، فيزا، ماستركارد)" },
    shortLabel: { en: "Card", ar: "بطاقة" },
    payLabel: { en: "Pay by Card", ar: "ادفع بالبطاقة" },
  },
  {
    id: "tamara",
    provider: "tamara",
    flow: "redirect",
    instalments: INSTALMENT_COUNT,
    label: { en: "Tamara", ar: "تمارا" },
    shortLabel: { en: "Tamara", ar: "تمارا" },
    payLabel: { en: "Pay with Tamara", ar: "ادفع عبر تمارا" },
  },
  {
    id: "tabby",
    provider: "tabby",
    flow: "redirect",
    instalments: INSTALMENT_COUNT,
    label: { en: "Tabby", ar: "تابي" },
    shortLabel: { en: "Tabby", ar: "تابي" },
    payLabel: { en: "Pay with Tabby", ar: "ادفع عبر تابي" },
  },
] as const satisfies readonly PaymentMethodDefinition[];

export type PaymentMethodId = (typeof paymentMethods)[number]["id"];
export type PaymentProviderId = (typeof paymentMethods)[number]["provider"];

export const paymentMethodIds = paymentMethods.map((method) => method.id) as [PaymentMethodId, ...PaymentMethodId[]];

export function paymentMethodOf(id: PaymentMethodId): (typeof paymentMethods)[number] {
  return paymentMethods.find((method) => method.id === id)!;
}
