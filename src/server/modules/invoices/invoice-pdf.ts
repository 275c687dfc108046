import { createRequire } from "node:module";
import type * as Canvas from "@napi-rs/canvas";
import type { SKRSContext2D } from "@napi-rs/canvas";
import {
  formatInvoiceAddress,
  formatInvoiceAmount,
  formatInvoiceTime,
  invoiceLabels,
  invoiceMethodLabel,
} from "#shared/invoice-labels.ts";
import { formatNumber, formatPercent, localizeDigits } from "#shared/i18n/format.ts";
import type { Lang } from "#shared/lang.ts";
import type { InvoiceView } from "#shared/schemas/invoice.ts";
import { QR_QUIET_ZONE, qrMatrix } from "./qr-code.ts";

type Ctx = SKRSContext2D;

/**
 * The simplified tax invoice as a one-page A4 PDF (decision 0021), drawn with Skia's PDF backend
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

type Column = { width: number; header: keyof typeof invoiceLabels.en; numeric: boolean };

const columns: Column[] = [
  { width: 165, header: "product", numeric: false },
  { width: 40, header: "quantity", numeric: true },
  { width: 85, header: "unitPrice", numeric: true },
  { width: 55, header: "vatRate", numeric: true },
  { width: 75, header: "vatAmount", numeric: true },
  { width: 95, header: "lineTotal", numeric: true },
];

/** The lines table, read in the leading language's direction (Arabic: product on the right). */
function linesTable(ctx: Ctx, y: number, invoice: InvoiceView, lang: Lang): number {
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
    const first = wrap(ctx, invoiceLabels[lang][column.header] as string, maxWidth, { size: 7.5, align });
    const second = wrap(ctx, invoiceLabels[other][column.header] as string, maxWidth, { size: 7, align });
    drawText(ctx, first.join(" "), x, y, { size: first.length > 1 ? 6.5 : 7.5, weight: 500, align });
    drawText(ctx, second.join(" "), x, y + 13, { size: second.length > 1 ? 6 : 7, color: SOFT, align });
  }
  y += 40;

  for (const line of invoice.lines) {
    const names = lang === "ar" ? [line.nameAr, line.name] : [line.name, line.nameAr];
    const cells = [
      "",
      formatNumber(line.quantity, lang),
      formatInvoiceAmount(line.unitPriceExcludingVatHalalas, lang),
      formatPercent(line.vatRatePercent / 100, lang),
      formatInvoiceAmount(line.vatHalalas, lang),
      formatInvoiceAmount(line.totalIncludingVatHalalas, lang),
    ];
    placed.forEach((column, index) => {
      const { x, align } = anchor(column);
      if (index === 0) {
        drawText(ctx, names[0]!, x, y, { size: 10, weight: 500, align });
        drawText(ctx, names[1]!, x, y + 14, { size: 9, color: SOFT, align });
      } else drawText(ctx, cells[index]!, x, y, { size: 9, weight: 500, align });
    });
    y += 34;
    rule(ctx, y - 12);
  }
  return y + 8;
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

export async function renderInvoicePdf(invoice: InvoiceView, lang: Lang): Promise<Buffer> {
  const { PDFDocument: Document } = await loadCanvas();
  const en = invoiceLabels.en;
  const ar = invoiceLabels.ar;
  const label = (key: keyof typeof en) => ({ en: en[key] as string, ar: ar[key] as string });
  const document = new Document({
    title: `${en.title} ${invoice.number} — ${ar.title}`,
    author: invoice.seller.name,
    subject: `${invoice.number} / ${invoice.orderReference}`,
    creator: invoice.seller.name,
    producer: invoice.seller.name,
  });
  // A PDF page's context is Skia's own (its typings name only the DOM's subset).
  const ctx = document.beginPage(PAGE.width, PAGE.height) as SKRSContext2D;
  const right = PAGE.width - PAGE.margin;

  // The title in both languages, the leading one larger; the seller under it.
  drawText(ctx, en.title, PAGE.margin, 62, { size: lang === "en" ? 20 : 15, weight: 500, align: "left" });
  drawText(ctx, ar.title, right, 62, { size: lang === "ar" ? 21 : 16, weight: 500, align: "right" });
  drawText(ctx, invoice.seller.name, PAGE.margin, 90, { size: 11, weight: 500, align: "left" });
  drawText(ctx, invoice.seller.nameAr, right, 90, { size: 12, weight: 500, align: "right" });
  rule(ctx, 104, INK);

  let y = 126;
  y = labelledRow(ctx, y, label("vatNumber"), localizeDigits(invoice.seller.vatNumber, lang));
  y = labelledRow(ctx, y, label("number"), invoice.number);
  y = labelledRow(ctx, y, label("issuedAt"), formatInvoiceTime(invoice.issuedAt, lang));
  y = labelledRow(ctx, y, label("orderReference"), invoice.orderReference);
  y = labelledRow(ctx, y, label("paymentMethod"), invoiceMethodLabel(invoice.paymentMethod, lang));
  y = labelledRow(ctx, y, label("buyer"), invoice.buyer.name);
  y = labelledRow(ctx, y, label("address"), formatInvoiceAddress(invoice.buyer.address, lang));
  rule(ctx, y - 4);

  y = linesTable(ctx, y + 22, invoice, lang);

  y = labelledRow(ctx, y, label("totalExcludingVat"), formatInvoiceAmount(invoice.totals.excludingVatHalalas, lang));
  y = labelledRow(ctx, y, label("vatTotal"), formatInvoiceAmount(invoice.totals.vatHalalas, lang));
  rule(ctx, y - 10);
  y = labelledRow(
    ctx,
    y + 4,
    label("totalIncludingVat"),
    formatInvoiceAmount(invoice.totals.includingVatHalalas, lang),
    { size: 12, weight: 500 },
  );
  rule(ctx, y - 4, INK);

  drawText(ctx, en.vatNote, PAGE.margin, y + 18, { size: 9, align: "left" });
  drawText(ctx, ar.vatNote, right, y + 18, { size: 9.5, align: "right" });

  const qrSize = 118;
  const qrTop = y + 40;
  qrCode(ctx, invoice.qrPayload, (PAGE.width - qrSize) / 2, qrTop, qrSize);
  drawText(ctx, en.qrCaption, PAGE.margin, qrTop + qrSize / 2, { size: 8.5, color: SOFT, align: "left" });
  drawText(ctx, ar.qrCaption, right, qrTop + qrSize / 2, { size: 9, color: SOFT, align: "right" });

  document.endPage();
  return document.close();
}
