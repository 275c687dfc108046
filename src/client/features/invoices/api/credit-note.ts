import { apiJson, apiRequest } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { CreditNoteView } from "#shared/schemas/invoice.ts";
import { accessHeader, type InvoiceLink } from "./invoice.ts";

/** An order's reference, the credit note's number and, for a buyer without a session, the order's token. */
export type CreditNoteLink = InvoiceLink & { number: string };

/** The token goes in the X-Order-Access header, as the invoice's: never in the URL (issue 35). */
const path = (link: CreditNoteLink, suffix: string, lang: Lang) =>
  `/api/orders/${encodeURIComponent(link.reference)}/credit-notes/${encodeURIComponent(link.number)}${suffix}?${new URLSearchParams({ lang }).toString()}`;

/** GET /api/orders/:reference/credit-notes/:number (issue 35): 404 alike for no such note and no access. */
export async function fetchCreditNote(link: CreditNoteLink, lang: Lang): Promise<CreditNoteView> {
  return (await apiJson<{ creditNote: CreditNoteView }>("GET", path(link, "", lang), undefined, accessHeader(link)))
    .creditNote;
}

/** The credit note's PDF in `lang`, fetched with the token in its header (saved from memory by the page). */
export async function fetchCreditNotePdf(link: CreditNoteLink, lang: Lang): Promise<Blob> {
  const response = await apiRequest("GET", path(link, ".pdf", lang), undefined, accessHeader(link));
  return response.blob();
}
