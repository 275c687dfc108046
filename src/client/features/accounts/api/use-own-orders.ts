import { useCallback, useEffect, useState } from "react";
import { apiJson } from "#client/lib/api.ts";
import type { OrderView } from "#client/lib/orders.ts";
import type { Lang } from "#shared/lang.ts";

/** An order in the buyer's list; the server may hand each one's access token with it. */
export type OwnOrder = OrderView & { accessToken?: string };

/**
 * GET /api/orders, the signed-in account's own orders, while mounted: null while loading,
 * "failed" when the request failed, and `reload` to ask again. A state of its own, not TanStack
 * Query: /account does not load the query client.
 */
export function useOwnOrders(lang: Lang): { orders: OwnOrder[] | null | "failed"; reload: () => void } {
  const [orders, setOrders] = useState<OwnOrder[] | null | "failed">(null);
  const reload = useCallback(() => {
    setOrders(null);
    apiJson<{ orders: OwnOrder[] }>("GET", "/api/orders", undefined, { "Accept-Language": lang }).then(
      (answer) => setOrders(answer.orders),
      () => setOrders("failed"),
    );
  }, [lang]);
  useEffect(reload, [reload]);
  return { orders, reload };
}
