import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { documentPdfs } from "#server/db/schema/documents.ts";
import type { Lang } from "#shared/lang.ts";
import type { CreditNoteView, InvoiceView } from "#shared/schemas/invoice.ts";
import { renderCreditNotePdf, renderInvoicePdf } from "./invoice-pdf.ts";

/**
 * The drawing's version: documents are kept as first drawn, so a change to invoice-pdf.ts that
 * should reach documents already drawn raises this (they are then drawn afresh, once).
 */
export const PDF_LAYOUT = 2;

let renders = 0;

/** How many PDFs this process has drawn (the tests and the benchmark watch it). */
export function pdfRenderCount(): number {
  return renders;
}

/** Draws in flight, so that two requests for a document not drawn yet draw it once. */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * A document's PDF in a language, drawn once (issue 35): an invoice or a credit note never changes
 * once issued, so the first request draws it (about 20 ms of the event loop, more for the first
 * document of the process, which loads the fonts) and keeps the bytes in `document_pdfs`; every
 * later request, on any instance, reads them back.
 */
async function cachedPdf(db: Db, document: string, lang: Lang, draw: () => Promise<Buffer>): Promise<Buffer> {
  const where = and(
    eq(documentPdfs.document, document),
    eq(documentPdfs.lang, lang),
    eq(documentPdfs.layout, PDF_LAYOUT),
  );
  const [kept] = await db.select({ pdf: documentPdfs.pdf }).from(documentPdfs).where(where);
  if (kept) return kept.pdf;
  const key = `${document}|${lang}`;
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      renders += 1;
      const pdf = await draw();
      await db.insert(documentPdfs).values({ document, lang, layout: PDF_LAYOUT, pdf }).onConflictDoNothing();
      return pdf;
    })().finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

export function invoicePdf(db: Db, invoice: InvoiceView, lang: Lang): Promise<Buffer> {
  return cachedPdf(db, `invoice:${invoice.number}`, lang, () => renderInvoicePdf(invoice, lang));
}

export function creditNotePdf(db: Db, note: CreditNoteView, lang: Lang): Promise<Buffer> {
  return cachedPdf(db, `credit-note:${note.number}`, lang, () => renderCreditNotePdf(note, lang));
}
