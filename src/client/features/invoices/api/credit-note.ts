import { apiJson } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { CreditNoteView } from "#shared/schemas/invoice.ts";
import type { InvoiceLink } from "./invoice.ts";

/** An order's reference, the credit note's number and, for a buyer without a session, the order's token. */
export type CreditNoteLink = InvoiceLink & { number: string };

const base = (link: CreditNoteLink) =>
  `/api/orders/${encodeURIComponent(link.reference)}/credit-notes/${encodeURIComponent(link.number)}`;
const query = (link: CreditNoteLink, lang: Lang) =>
  `?${new URLSearchParams({ ...(link.access ? { access: link.access } : {}), lang }).toString()}`;

/** GET /api/orders/:reference/credit-notes/:number (issue 35): 404 alike for no such note and no access. */
export async function fetchCreditNote(link: CreditNoteLink, lang: Lang): Promise<CreditNoteView> {
  return (await apiJson<{ creditNote: CreditNoteView }>("GET", `${base(link)}${query(link, lang)}`)).creditNote;
}

/** The credit note's PDF in `lang`, a download link. */
export const creditNotePdfUrl = (link: CreditNoteLink, lang: Lang) => `${base(link)}.pdf${query(link, lang)}`;
