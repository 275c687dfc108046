import { z } from "zod";
import { catalogProductIds, type CatalogProductId } from "#content/catalog.ts";
import { latinDigits } from "../i18n/format.ts";
import { paymentMethodIds, type PaymentMethodId } from "../payment-methods.ts";
import { emailField, optionalText, requiredText } from "./lead-fields.ts";

/**
 * The checkout's shapes (issue 12, spec §7 "POST /api/payment/create-intent" and "confirm"), shared
 * by the page's form and the API so both say the same thing in the same words. Every message is a
 * catalog key (`checkout.*`).
 */

/** The products are the catalog's (content/catalog.ts): a product added there can be ordered. */
export const checkoutProductIds = catalogProductIds;
export type CheckoutProductId = CatalogProductId;

/** The methods are declared once, in src/shared/payment-methods.ts. */
export const checkoutPaymentMethods = paymentMethodIds;
export type CheckoutPaymentMethod = PaymentMethodId;

export const CHECKOUT_LIMITS = { name: 100, email: 254, city: 80, district: 80, street: 150 } as const;

/**
 * A Saudi mobile number, as people type it: +966 5X XXX XXXX, 00966…, 9665…, 05… or 5…, with
 * spaces or dashes, in Western, Arabic-Indic or Persian digits. Normalised to E.164 (+9665XXXXXXXX).
 */
export function normalizeSaudiMobile(input: string): string | null {
  const digits = latinDigits(input).replace(/[\s\-().\u200e\u200f]/g, "");
  const match = /^(?:\+966|00966|966|0)?(5\d{8})$/.exec(digits);
  return match ? `+966${match[1]}` : null;
}

export const saudiMobileField = z
  .string({ error: "checkout.phone.required" })
  .trim()
  .min(1, "checkout.phone.required")
  .transform((value, context) => {
    const normalized = normalizeSaudiMobile(value);
    if (!normalized) {
      context.addIssue({ code: "custom", message: "checkout.phone.invalid" });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * An optional number of exactly `length` digits (the national address's building number and postal
 * code), typed in Western, Arabic-Indic or Persian digits (an Arabic keypad's "١٢٣٤" is 1234) and
 * kept in Western digits.
 */
const digitsField = (length: number, message: "checkout.building.invalid" | "checkout.postalCode.invalid") =>
  optionalText(length, message)
    .transform((value) => (value === undefined ? undefined : latinDigits(value)))
    .refine((value) => value === undefined || new RegExp(`^[0-9]{${length}}$`).test(value), message);

/** The quantity: one piece per order (spec §7), as a number or as digits in any of the three scripts. */
const quantityField = z
  .union([z.number(), z.string()], { error: "checkout.quantity.invalid" })
  .transform((value) => (typeof value === "number" ? value : Number(latinDigits(value.trim()) || Number.NaN)))
  .pipe(z.literal(1, { error: "checkout.quantity.invalid" }));

export const deliveryAddressSchema = z.object({
  city: requiredText(CHECKOUT_LIMITS.city, "checkout.city.required", "checkout.city.max"),
  district: requiredText(CHECKOUT_LIMITS.district, "checkout.district.required", "checkout.district.max"),
  street: requiredText(CHECKOUT_LIMITS.street, "checkout.street.required", "checkout.street.max"),
  building: digitsField(4, "checkout.building.invalid"),
  postalCode: digitsField(5, "checkout.postalCode.invalid"),
});

/** The buyer's details the page collects before any payment button works. */
export const checkoutBuyerSchema = z.object({
  name: requiredText(CHECKOUT_LIMITS.name, "checkout.name.required", "checkout.name.max"),
  email: emailField,
  phone: saudiMobileField,
  address: deliveryAddressSchema,
});
export type CheckoutBuyerInput = z.input<typeof checkoutBuyerSchema>;

/**
 * POST /api/payment/create-intent. `amount` is in SAR as the page shows it (422 or "422.00"); the
 * server prices from the catalog and refuses a mismatch with 400 `checkout.amount.mismatch`.
 * `applePayToken` is the token of Apple Pay's `onpaymentauthorized` (apple-pay only).
 */
export const createIntentSchema = checkoutBuyerSchema.extend({
  paymentMethod: z.enum(checkoutPaymentMethods, { error: "checkout.paymentMethod.invalid" }),
  productId: z.enum(checkoutProductIds, { error: "checkout.product.invalid" }),
  quantity: quantityField,
  amount: z.union([z.number(), z.string()], { error: "checkout.amount.mismatch" }),
  currency: z.literal("SAR", { error: "checkout.currency.invalid" }),
  applePayToken: z.unknown().optional(),
  lang: z.enum(["en", "ar"]).optional(),
});
export type CreateIntentInput = z.input<typeof createIntentSchema>;

/** POST /api/payment/confirm (spec §7). */
export const confirmPaymentSchema = z.object({
  paymentIntentId: z
    .string({ error: "errors.invalidValue" })
    .min(1, "errors.invalidValue")
    .max(100, "errors.invalidValue"),
  paymentMethod: z.enum(checkoutPaymentMethods, { error: "checkout.paymentMethod.invalid" }),
});

/** POST /api/orders/lookup: a guest finds an order by its reference and the e-mail it was placed with. */
export const orderLookupSchema = z.object({
  reference: requiredText(40, "checkout.reference.required", "checkout.reference.required"),
  email: emailField,
});
