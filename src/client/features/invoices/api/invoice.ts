import { apiJson, apiRequest } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { InvoiceView } from "#shared/schemas/invoice.ts";

/** An order's reference and, for a buyer without a session, the token that opens its invoice. */
export type InvoiceLink = { reference: string; access: string | null };

/**
 * The token travels in the X-Order-Access header, never in the URL (issue 35): a query string ends
 * up in server and proxy logs and in the browser's history.
 */
export const accessHeader = (link: InvoiceLink): Record<string, string> =>
  link.access ? { "X-Order-Access": link.access } : {};

const invoicePath = (link: InvoiceLink, suffix: string, lang: Lang) =>
  `/api/orders/${encodeURIComponent(link.reference)}/${suffix}?${new URLSearchParams({ lang }).toString()}`;

/** GET /api/orders/:reference/invoice (decision 0021): 404 alike for no such order and no access. */
export async function fetchInvoice(link: InvoiceLink, lang: Lang): Promise<InvoiceView> {
  return (
    await apiJson<{ invoice: InvoiceView }>("GET", invoicePath(link, "invoice", lang), undefined, accessHeader(link))
  ).invoice;
}

/**
 * The invoice's PDF in `lang`, fetched with the token in its header: a plain link would have to
 * carry the token in its URL.
 */
export async function fetchInvoicePdf(link: InvoiceLink, lang: Lang): Promise<Blob> {
  const response = await apiRequest("GET", invoicePath(link, "invoice.pdf", lang), undefined, accessHeader(link));
  return response.blob();
}
