import { zodResolver } from "@hookform/resolvers/zod";
import { checkoutBuyerSchema } from "#shared/schemas/checkout.ts";

/**
 * The buyer form's validation: the schema the API checks with (src/shared/schemas/checkout.ts).
 * Its own chunk, loaded once the visitor starts on the form, so the page's first load carries no
 * zod (Lighthouse, issue 12).
 */
export const buyerResolver = zodResolver(checkoutBuyerSchema);

/** Synchronous check, for Apple Pay: its sheet must open within the click itself. */
export function parseBuyer(values: unknown) {
  return checkoutBuyerSchema.safeParse(values);
}
