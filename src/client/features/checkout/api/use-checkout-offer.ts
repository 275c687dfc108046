import { useEffect, useState } from "react";
import type { Lang } from "#shared/lang.ts";
import type { CheckoutProductId } from "#shared/schemas/checkout.ts";
import { fetchMethods, fetchPrices, type CatalogPrice, type PaymentMethodOffer } from "./checkout.ts";

/**
 * What the server offers at the checkout, read once the page has hydrated (`enabled`). A state of
 * their own, not TanStack Query: /checkout does not load the query client.
 */

/** The server's prices by product id (DESIGN D8: the server's catalog is what is charged); empty until known. */
export function usePrices(enabled: boolean): Partial<Record<string, CatalogPrice>> {
  const [prices, setPrices] = useState<Partial<Record<string, CatalogPrice>>>({});
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchPrices().then(
      (list) => {
        if (live) setPrices(Object.fromEntries(list.map((item) => [item.id, item])));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return prices;
}

/**
 * The payment methods and their instalments for this product (decision 0017), null until known or
 * when unknown; and whether the shop runs in test mode (the sandbox; issue 35), false until known.
 */
export function usePaymentOffers(
  enabled: boolean,
  productId: CheckoutProductId,
  lang: Lang,
): { offers: PaymentMethodOffer[] | null; testMode: boolean } {
  const [offers, setOffers] = useState<PaymentMethodOffer[] | null>(null);
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchMethods(productId, lang).then(
      (answer) => {
        if (!live) return;
        setOffers(answer.methods);
        setTestMode(answer.testMode);
      },
      () => {
        if (live) setOffers(null);
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, productId, lang]);
  return { offers, testMode };
}
