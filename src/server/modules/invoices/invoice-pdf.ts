import { createRequire } from "node:module";
import type * as Canvas from "@napi-rs/canvas";
import type { SKRSContext2D } from "@napi-rs/canvas";
import {
  creditNoteLabels,
  formatInvoiceAddress,
  formatInvoiceAmount,
  formatInvoiceTime,
  invoiceLabels,
  invoiceMethodLabel,
} from "#shared/invoice-labels.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { formatNumber, formatPercent, localizeDigits } from "#shared/i18n/format.ts";
import type { Lang } from "#shared/lang.ts";
import type { CreditNoteView, DocumentSeller, InvoiceView } from "#shared/schemas/invoice.ts";
import { QR_QUIET_ZONE, qrMatrix } from "./qr-code.ts";

type Ctx = SKRSContext2D;

/**
 * The simplified tax invoice and credit note as one-page A4 PDFs (decision 0021, issue 35), drawn with Skia's PDF backend
 * through @napi-rs/canvas: its text goes through HarfBuzz (Arabic letters joined, lam-alef and the
 * font's other required ligatures) and the Unicode bidi algorithm, the fonts are the site's own
 * (Manrope, IBM Plex Sans Arabic) embedded as subsets, and the text stays text (searchable,
 * selectable). English labels stand on the left and Arabic on the right, as on Saudi bilingual
 * invoices; `lang` decides which language leads (the larger title, the table's reading direction,
 * the first line of each heading) and the digits of the values (Arabic-Indic in Arabic).
 */

const PAGE = { width: 595, height: 842, margin: 40 };
const INK = "#1b1915";
const SOFT = "#5c564c";
const RULE = "#d8cfc2";
const TEST_INK = "#9b1c0c";
const LATIN = "Invoice Latin";
const ARABIC = "Invoice Arabic";
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

const fontFiles = [
  ["@fontsource/manrope/files/manrope-latin-300-normal.woff2", LATIN],
  ["@fontsource/manrope/files/manrope-latin-500-normal.woff2", LATIN],
  ["@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-300-normal.woff2", ARABIC],
  ["@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-500-normal.woff2", ARABIC],
] as const;

let canvasModule: Promise<typeof Canvas> | undefined;

/** The canvas library and the fonts load on the first invoice, not at server start. */
function loadCanvas(): Promise<typeof Canvas> {
  canvasModule ??= import("@napi-rs/canvas").then((canvas) => {
    const require = createRequire(import.meta.url);
    for (const [file, family] of fontFiles) {
      if (!canvas.GlobalFonts.registerFromPath(require.resolve(file), family)) {
        throw new Error(`invoice PDF: cannot load the font ${file}`);
      }
    }
    return canvas;
  });
  return canvasModule;
}

type TextStyle = { size: number; weight?: 300 | 500; color?: string; align: "left" | "right" | "center" };

/** Draws one line of text in the font of its script, right-to-left when it holds Arabic. */
function drawText(ctx: Ctx, value: string, x: number, y: number, style: TextStyle): number {
  const arabic = ARABIC_SCRIPT.test(value);
  ctx.font = `${style.weight ?? 300} ${style.size}px "${arabic ? ARABIC : LATIN}", "${arabic ? LATIN : ARABIC}"`;
  ctx.direction = arabic ? "rtl" : "ltr";
  // Latin ligatures (fi, fl) would lose their letters when the text is copied out of the PDF;
  // Arabic keeps the ligatures its script requires (they are not switched off by this).
  ctx.fontVariantLigatures = arabic ? "normal" : "none";
  ctx.textAlign = style.align;
  ctx.fillStyle = style.color ?? INK;
  ctx.fillText(value, x, y);
  return ctx.measureText(value).width;
}

/** Splits a text at spaces into lines no wider than `width` in the given style (at least one line). */
function wrap(ctx: Ctx, value: string, width: number, style: TextStyle): string[] {
  const arabic = ARABIC_SCRIPT.test(value);
  ctx.font = `${style.weight ?? 300} ${style.size}px "${arabic ? ARABIC : LATIN}", "${arabic ? LATIN : ARABIC}"`;
  ctx.direction = arabic ? "rtl" : "ltr";
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(candidate).width > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}

function rule(ctx: Ctx, y: number, color = RULE): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 0.6;
  ctx.beginPath();
  ctx.moveTo(PAGE.margin, y);
  ctx.lineTo(PAGE.width - PAGE.margin, y);
  ctx.stroke();
}

/** One bilingual row: the English label on the left, the value in the middle, the Arabic label on the right. */
function labelledRow(
  ctx: Ctx,
  y: number,
  labels: { en: string; ar: string },
  value: string,
  options: { size?: number; weight?: 300 | 500 } = {},
): number {
  const size = options.size ?? 9.5;
  const valueStyle: TextStyle = { size, weight: options.weight ?? 500, align: "center" };
  const lines = wrap(ctx, value, 230, valueStyle);
  drawText(ctx, labels.en, PAGE.margin, y, { size: 8.5, color: SOFT, align: "left", weight: options.weight ?? 300 });
  drawText(ctx, labels.ar, PAGE.width - PAGE.margin, y, {
    size: 9,
    color: SOFT,
    align: "right",
    weight: options.weight ?? 300,
  });
  lines.forEach((line, index) => drawText(ctx, line, PAGE.width / 2, y + index * (size + 4), valueStyle));
  return y + Math.max(lines.length, 1) * (size + 4) + 8;
}

type Column = { width: number; header: { en: string; ar: string }; numeric: boolean };
/** A table row: the first cell is a name in the leading language over the other's; the rest are values. */
type Row = { names: [string, string]; cells: string[] };

/** A table read in the leading language's direction (Arabic: the first column on the right). */
function table(ctx: Ctx, y: number, lang: Lang, columns: Column[], rows: Row[]): number {
  const other: Lang = lang === "ar" ? "en" : "ar";
  const rtl = lang === "ar";
  // Each column's start and end edge, in reading order.
  let cursor = rtl ? PAGE.width - PAGE.margin : PAGE.margin;
  const placed = columns.map((column) => {
    const start = cursor;
    cursor += rtl ? -column.width : column.width;
    return { ...column, start, end: cursor };
  });
  const inset = (edge: number, toward: number) => edge + Math.sign(toward - edge) * 5;
  const anchor = (column: (typeof placed)[number]) => {
    // Text starts at the column's start; numbers line up on its end.
    const edge = column.numeric ? column.end : column.start;
    const inner = column.numeric ? column.start : column.end;
    const left = edge < inner;
    return { x: inset(edge, inner), align: left ? ("left" as const) : ("right" as const) };
  };

  ctx.fillStyle = "#f3ede4";
  ctx.fillRect(PAGE.margin, y - 12, PAGE.width - 2 * PAGE.margin, 34);
  for (const column of placed) {
    const { x, align } = anchor(column);
    const maxWidth = column.width - 8;
    const first = wrap(ctx, column.header[lang], maxWidth, { size: 7.5, align });
    const second = wrap(ctx, column.header[other], maxWidth, { size: 7, align });
    drawText(ctx, first.join(" "), x, y, { size: first.length > 1 ? 6.5 : 7.5, weight: 500, align });
    drawText(ctx, second.join(" "), x, y + 13, { size: second.length > 1 ? 6 : 7, color: SOFT, align });
  }
  y += 40;

  for (const row of rows) {
    placed.forEach((column, index) => {
      const { x, align } = anchor(column);
      if (index === 0) {
        drawText(ctx, row.names[0], x, y, { size: 10, weight: 500, align });
        drawText(ctx, row.names[1], x, y + 14, { size: 9, color: SOFT, align });
      } else drawText(ctx, row.cells[index - 1]!, x, y, { size: 9, weight: 500, align });
    });
    y += 34;
    rule(ctx, y - 12);
  }
  return y + 8;
}

const both = <K extends string>(labels: { en: Record<K, unknown>; ar: Record<K, unknown> }, key: K) => ({
  en: labels.en[key] as string,
  ar: labels.ar[key] as string,
});

const invoiceColumns: Column[] = [
  { width: 165, header: both(invoiceLabels, "product"), numeric: false },
  { width: 40, header: both(invoiceLabels, "quantity"), numeric: true },
  { width: 85, header: both(invoiceLabels, "unitPrice"), numeric: true },
  { width: 55, header: both(invoiceLabels, "vatRate"), numeric: true },
  { width: 75, header: both(invoiceLabels, "vatAmount"), numeric: true },
  { width: 95, header: both(invoiceLabels, "lineTotal"), numeric: true },
];

const creditNoteColumns: Column[] = [
  { width: 205, header: both(creditNoteLabels, "description"), numeric: false },
  { width: 55, header: both(creditNoteLabels, "vatRate"), numeric: true },
  { width: 85, header: both(creditNoteLabels, "excludingVat"), numeric: true },
  { width: 75, header: both(creditNoteLabels, "vatAmount"), numeric: true },
  { width: 95, header: both(creditNoteLabels, "total"), numeric: true },
];

/**
 * The document's head: its title in both languages (the leading one larger), the seller's names
 * and, under each, the seller's address in that language; then, on a test document, the band
 * that says it is not a tax invoice. Answers where the details start.
 */
function documentHead(
  ctx: Ctx,
  title: { en: string; ar: string },
  seller: DocumentSeller,
  lang: Lang,
  test: boolean,
): number {
  const right = PAGE.width - PAGE.margin;
  drawText(ctx, title.en, PAGE.margin, 62, { size: lang === "en" ? 20 : 15, weight: 500, align: "left" });
  drawText(ctx, title.ar, right, 62, { size: lang === "ar" ? 21 : 16, weight: 500, align: "right" });
  drawText(ctx, seller.name, PAGE.margin, 90, { size: 11, weight: 500, align: "left" });
  drawText(ctx, seller.nameAr, right, 90, { size: 12, weight: 500, align: "right" });
  let y = 90;
  if (seller.address) {
    const half = (PAGE.width - 2 * PAGE.margin) / 2 - 12;
    const en = wrap(ctx, seller.address.en, half, { size: 8.5, align: "left" });
    const ar = wrap(ctx, seller.address.ar, half, { size: 9, align: "right" });
    en.forEach((line, index) =>
      drawText(ctx, line, PAGE.margin, 105 + index * 12, { size: 8.5, color: SOFT, align: "left" }),
    );
    ar.forEach((line, index) => drawText(ctx, line, right, 105 + index * 12, { size: 9, color: SOFT, align: "right" }));
    y = 105 + (Math.max(en.length, ar.length) - 1) * 12;
  }
  rule(ctx, y + 14, INK);
  y += 14;
  if (test) {
    ctx.fillStyle = "#fbe9e7";
    ctx.fillRect(PAGE.margin, y + 8, PAGE.width - 2 * PAGE.margin, 26);
    drawText(ctx, invoiceLabels.en.testDocument, PAGE.margin + 8, y + 25, {
      size: 10,
      weight: 500,
      color: TEST_INK,
      align: "left",
    });
    drawText(ctx, invoiceLabels.ar.testDocument, right - 8, y + 25, {
      size: 10.5,
      weight: 500,
      color: TEST_INK,
      align: "right",
    });
    y += 34;
  }
  return y + 22;
}

/** The QR code of the ZATCA payload, drawn as vector squares (sharp at any zoom or print size). */
function qrCode(ctx: Ctx, payload: string, x: number, y: number, size: number): void {
  const matrix = qrMatrix(payload);
  const modules = matrix.length + 2 * QR_QUIET_ZONE;
  const unit = size / modules;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = "#000000";
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      // A hair of overlap so no reader sees seams between neighbouring squares.
      if (dark) ctx.fillRect(x + (c + QR_QUIET_ZONE) * unit, y + (r + QR_QUIET_ZONE) * unit, unit + 0.02, unit + 0.02);
    }),
  );
}

/** Totals, the closing note in both languages and the QR code with its captions. */
function documentFoot(
  ctx: Ctx,
  y: number,
  lang: Lang,
  rows: { labels: { en: string; ar: string }; halalas: number }[],
  note: { en: string; ar: string },
  qr: { payload: string; caption: { en: string; ar: string } },
): void {
  const right = PAGE.width - PAGE.margin;
  const [grand, ...parts] = [rows.at(-1)!, ...rows.slice(0, -1)];
  for (const row of parts) y = labelledRow(ctx, y, row.labels, formatInvoiceAmount(row.halalas, lang));
  rule(ctx, y - 10);
  y = labelledRow(ctx, y + 4, grand.labels, formatInvoiceAmount(grand.halalas, lang), { size: 12, weight: 500 });
  rule(ctx, y - 4, INK);

  drawText(ctx, note.en, PAGE.margin, y + 18, { size: 9, align: "left" });
  drawText(ctx, note.ar, right, y + 18, { size: 9.5, align: "right" });

  const qrSize = 118;
  const qrTop = y + 40;
  qrCode(ctx, qr.payload, (PAGE.width - qrSize) / 2, qrTop, qrSize);
  drawText(ctx, qr.caption.en, PAGE.margin, qrTop + qrSize / 2, { size: 8.5, color: SOFT, align: "left" });
  drawText(ctx, qr.caption.ar, right, qrTop + qrSize / 2, { size: 9, color: SOFT, align: "right" });
}

export async function renderInvoicePdf(invoice: InvoiceView, lang: Lang): Promise<Buffer> {
  const { PDFDocument: Document } = await loadCanvas();
  const en = invoiceLabels.en;
  const ar = invoiceLabels.ar;
  const label = (key: keyof typeof en) => both(invoiceLabels, key);
  const document = new Document({
    title: `${en.title} ${invoice.number} — ${ar.title}`,
    author: invoice.seller.name,
    subject: `${invoice.number} / ${invoice.orderReference}`,
    creator: invoice.seller.name,
    producer: invoice.seller.name,
  });
  // A PDF page's context is Skia's own (its typings name only the DOM's subset).
  const ctx = document.beginPage(PAGE.width, PAGE.height) as SKRSContext2D;

  let y = documentHead(ctx, label("title"), invoice.seller, lang, invoice.test);
  y = labelledRow(ctx, y, label("vatNumber"), localizeDigits(invoice.seller.vatNumber, lang));
  y = labelledRow(ctx, y, label("number"), invoice.number);
  y = labelledRow(ctx, y, label("issuedAt"), formatInvoiceTime(invoice.issuedAt, lang));
  y = labelledRow(ctx, y, label("orderReference"), invoice.orderReference);
  y = labelledRow(ctx, y, label("paymentMethod"), invoiceMethodLabel(invoice.paymentMethod, lang));
  y = labelledRow(ctx, y, label("buyer"), invoice.buyer.name);
  y = labelledRow(ctx, y, label("address"), formatInvoiceAddress(invoice.buyer.address, lang));
  rule(ctx, y - 4);

  y = table(
    ctx,
    y + 22,
    lang,
    invoiceColumns,
    invoice.lines.map((line) => ({
      names: lang === "ar" ? [line.nameAr, line.name] : [line.name, line.nameAr],
      cells: [
        formatNumber(line.quantity, lang),
        formatInvoiceAmount(line.unitPriceExcludingVatHalalas, lang),
        formatPercent(line.vatRatePercent / 100, lang),
        formatInvoiceAmount(line.vatHalalas, lang),
        formatInvoiceAmount(line.totalIncludingVatHalalas, lang),
      ],
    })),
  );

  documentFoot(
    ctx,
    y,
    lang,
    [
      { labels: label("totalExcludingVat"), halalas: invoice.totals.excludingVatHalalas },
      { labels: label("vatTotal"), halalas: invoice.totals.vatHalalas },
      { labels: label("totalIncludingVat"), halalas: invoice.totals.includingVatHalalas },
    ],
    label("vatNote"),
    { payload: invoice.qrPayload, caption: label("qrCaption") },
  );

  document.endPage();
  return document.close();
}

/** The simplified credit note (issue 35) as a one-page A4 PDF, drawn as the invoice is. */
export async function renderCreditNotePdf(note: CreditNoteView, lang: Lang): Promise<Buffer> {
  const { PDFDocument: Document } = await loadCanvas();
  const en = creditNoteLabels.en;
  const ar = creditNoteLabels.ar;
  const label = (key: keyof typeof en) => both(creditNoteLabels, key);
  const document = new Document({
    title: `${en.title} ${note.number} — ${ar.title}`,
    author: note.seller.name,
    subject: `${note.number} / ${note.invoice.number} / ${note.orderReference}`,
    creator: note.seller.name,
    producer: note.seller.name,
  });
  const ctx = document.beginPage(PAGE.width, PAGE.height) as SKRSContext2D;

  let y = documentHead(ctx, label("title"), note.seller, lang, note.test);
  y = labelledRow(ctx, y, both(invoiceLabels, "vatNumber"), localizeDigits(note.seller.vatNumber, lang));
  y = labelledRow(ctx, y, label("number"), note.number);
  y = labelledRow(ctx, y, label("issuedAt"), formatInvoiceTime(note.issuedAt, lang));
  y = labelledRow(ctx, y, label("invoiceNumber"), note.invoice.number);
  y = labelledRow(ctx, y, label("invoiceDate"), formatInvoiceTime(note.invoice.issuedAt, lang));
  y = labelledRow(ctx, y, label("orderReference"), note.orderReference);
  y = labelledRow(ctx, y, label("buyer"), note.buyer.name);
  y = labelledRow(ctx, y, label("address"), formatInvoiceAddress(note.buyer.address, lang));
  y = labelledRow(ctx, y, label("reason"), note.reason);
  rule(ctx, y - 4);

  const refundOf = (which: Lang) =>
    interpolate(creditNoteLabels[which].refundOf, {
      product: which === "ar" ? note.product.nameAr : note.product.name,
    });
  y = table(ctx, y + 22, lang, creditNoteColumns, [
    {
      names: lang === "ar" ? [refundOf("ar"), refundOf("en")] : [refundOf("en"), refundOf("ar")],
      cells: [
        formatPercent(note.vatRatePercent / 100, lang),
        formatInvoiceAmount(note.totals.excludingVatHalalas, lang),
        formatInvoiceAmount(note.totals.vatHalalas, lang),
        formatInvoiceAmount(note.totals.includingVatHalalas, lang),
      ],
    },
  ]);

  documentFoot(
    ctx,
    y,
    lang,
    [
      { labels: label("totalExcludingVat"), halalas: note.totals.excludingVatHalalas },
      { labels: label("vatTotal"), halalas: note.totals.vatHalalas },
      { labels: label("totalIncludingVat"), halalas: note.totals.includingVatHalalas },
    ],
    label("note"),
    { payload: note.qrPayload, caption: label("qrCaption") },
  );

  document.endPage();
  return document.close();
}
