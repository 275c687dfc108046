import { apiJson } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { InvoiceView } from "#shared/schemas/invoice.ts";

/** An order's reference and, for a buyer without a session, the token that opens its invoice. */
export type InvoiceLink = { reference: string; access: string | null };

const query = (link: InvoiceLink, lang: Lang) =>
  `?${new URLSearchParams({ ...(link.access ? { access: link.access } : {}), lang }).toString()}`;

/** GET /api/orders/:reference/invoice (decision 0021): 404 alike for no such order and no access. */
export async function fetchInvoice(link: InvoiceLink, lang: Lang): Promise<InvoiceView> {
  const url = `/api/orders/${encodeURIComponent(link.reference)}/invoice${query(link, lang)}`;
  return (await apiJson<{ invoice: InvoiceView }>("GET", url)).invoice;
}

/** The invoice's PDF in `lang`, a download link. */
export const invoicePdfUrl = (link: InvoiceLink, lang: Lang) =>
  `/api/orders/${encodeURIComponent(link.reference)}/invoice.pdf${query(link, lang)}`;
