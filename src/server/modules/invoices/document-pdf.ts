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
 * The PDFs sent last, in this process (about 50 KB each): reading 50 KB of bytea back costs PGlite
 * more than the rest of the request, and a document never changes, so no copy here goes stale.
 * Kept per database, the least recently sent dropped first.
 */
const RECENT_LIMIT = 64;
const recentByDb = new WeakMap<Db, Map<string, Buffer>>();

function recentOf(db: Db): Map<string, Buffer> {
  let recent = recentByDb.get(db);
  if (!recent) {
    recent = new Map();
    recentByDb.set(db, recent);
  }
  return recent;
}

function remember(recent: Map<string, Buffer>, key: string, pdf: Buffer): Buffer {
  recent.delete(key);
  recent.set(key, pdf);
  if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  return pdf;
}

/** Forgets the PDFs this process sent lately (the benchmark's stand-in for another instance). */
export function forgetRecentPdfs(db: Db): void {
  recentByDb.get(db)?.clear();
}

/**
 * A document's PDF in a language, drawn once (issue 35): an invoice or a credit note never changes
 * once issued, so the first request draws it (about 20 ms of the event loop, more for the first
 * document of the process, which loads the fonts) and keeps the bytes in `document_pdfs`; every
 * later request, on any instance, reads them back (from this process's memory when it sent them
 * lately).
 */
async function cachedPdf(db: Db, document: string, lang: Lang, draw: () => Promise<Buffer>): Promise<Buffer> {
  const key = `${document}|${lang}|${PDF_LAYOUT}`;
  const recent = recentOf(db);
  const sent = recent.get(key);
  if (sent) return remember(recent, key, sent);
  const [kept] = await db
    .select({ pdf: documentPdfs.pdf })
    .from(documentPdfs)
    .where(and(eq(documentPdfs.document, document), eq(documentPdfs.lang, lang), eq(documentPdfs.layout, PDF_LAYOUT)));
  if (kept) return remember(recent, key, kept.pdf);
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      renders += 1;
      const pdf = await draw();
      await db.insert(documentPdfs).values({ document, lang, layout: PDF_LAYOUT, pdf }).onConflictDoNothing();
      return remember(recent, key, pdf);
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
