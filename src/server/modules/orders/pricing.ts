import { ApiError } from "#server/lib/api-error.ts";
import type { CatalogProduct } from "#server/modules/products/list-products.ts";
import type { MessageKey } from "#shared/i18n/message-key.ts";

/** The VAT rate in Saudi Arabia; catalog prices include it (DESIGN §3). */
const VAT_RATE_PERCENT = 15;

/** The VAT contained in a VAT-inclusive total: total × 15/115, rounded to the halala. */
export function vatIncluded(totalHalalas: number): number {
  return Math.round((totalHalalas * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/**
 * An amount in SAR as a client sends it (422, 422.5, "422.00") in halalas, or null when it is not
 * a plain non-negative amount with at most two decimals. Strings are read digit by digit, never
 * through floating point; numbers are rounded only after checking they have no third decimal.
 */
export function amountToHalalas(amount: number | string): number | null {
  if (typeof amount === "number") {
    if (!Number.isFinite(amount) || amount < 0) return null;
    const halalas = Math.round(amount * 100);
    return Math.abs(halalas - amount * 100) < 1e-6 && Number.isSafeInteger(halalas) ? halalas : null;
  }
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(amount);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export type PricedOrder = {
  product: CatalogProduct;
  quantity: number;
  unitAmountHalalas: number;
  totalAmountHalalas: number;
  vatHalalas: number;
  currency: "SAR";
};

/** The price of `quantity` of a catalog product, computed here only (DESIGN D8). */
export function priceProduct(product: CatalogProduct, quantity: number): PricedOrder {
  const total = product.priceHalalas * quantity;
  return {
    product,
    quantity,
    unitAmountHalalas: product.priceHalalas,
    totalAmountHalalas: total,
    vatHalalas: vatIncluded(total),
    currency: "SAR",
  };
}

/**
 * Prices what the buyer asked for from the catalog and checks that the client showed the same
 * thing: an unknown or inactive product, a quantity other than 1, a currency other than the
 * catalog's, or an amount that differs from the catalog price is refused with 400 and a message
 * per field (the page then reloads its price).
 */
export function priceCheckout(
  catalog: CatalogProduct[],
  input: { productId: string; quantity: number; amount: number | string; currency: string },
): PricedOrder {
  const product = catalog.find((entry) => entry.id === input.productId);
  const fields: Record<string, MessageKey> = {};
  if (!product) fields.productId = "checkout.product.invalid";
  if (input.quantity !== 1) fields.quantity = "checkout.quantity.invalid";
  if (product && input.currency !== product.currency) fields.currency = "checkout.currency.invalid";
  if (product && Object.keys(fields).length === 0) {
    const priced = priceProduct(product, input.quantity);
    if (amountToHalalas(input.amount) === priced.totalAmountHalalas) return priced;
    fields.amount = "checkout.amount.mismatch";
  }
  const [only] = Object.values(fields);
  const message = Object.keys(fields).length === 1 && only ? only : "errors.invalidRequest";
  throw new ApiError(400, "invalid_request", message, { fields });
}

/**
 * Tamara's and Tabby's split of a total into `count` monthly payments: equal halalas, the
 * remainder on the first ones, so that they add up to the total exactly.
 */
export function instalments(totalHalalas: number, count: number): number[] {
  const base = Math.floor(totalHalalas / count);
  const remainder = totalHalalas - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}
