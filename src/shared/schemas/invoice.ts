import { z } from "zod";

/**
 * The simplified tax invoice of a paid order (issue 12, decision 0021) as the API answers it and
 * the invoice page and the PDF show it. Amounts are integer halalas; `issuedAt` is the invoice's
 * time in Riyadh (ISO 8601 with +03:00).
 */

/** Saudi VAT (DESIGN §3: catalog prices include it). */
export const VAT_RATE_PERCENT = 15;

export type InvoiceAddress = {
  city: string;
  district: string;
  street: string;
  building?: string | undefined;
  postalCode?: string | undefined;
  country: "SA";
};

export type InvoiceLine = {
  productId: string;
  name: string;
  nameAr: string;
  quantity: number;
  unitPriceExcludingVatHalalas: number;
  vatRatePercent: number;
  vatHalalas: number;
  totalIncludingVatHalalas: number;
};

/** The seller as frozen in a document; the address is null on invoices issued before it was printed. */
export type DocumentSeller = {
  name: string;
  nameAr: string;
  vatNumber: string;
  address: { en: string; ar: string } | null;
};

export type InvoiceView = {
  number: string;
  issuedAt: string;
  /**
   * A document of the test series (an order paid through the sandbox gateway, issue 35): printed
   * "Test document — not a tax invoice", numbered TEST-….
   */
  test: boolean;
  seller: DocumentSeller;
  buyer: { name: string; address: InvoiceAddress | null };
  orderReference: string;
  paymentMethod: string | null;
  lines: InvoiceLine[];
  totals: { excludingVatHalalas: number; vatHalalas: number; includingVatHalalas: number };
  currency: "SAR";
  /** The ZATCA phase-1 QR payload (base64 of the five TLV fields). */
  qrPayload: string;
  /** The same payload drawn as a QR code, an SVG document the page inlines (it ships no QR code). */
  qrSvg: string;
};

/**
 * A simplified credit note (issue 35): one refund, full or partial, of a paid order, referencing
 * its invoice. `amounts` is what is credited: the refunded amount (VAT included), the VAT in it
 * (amount × 15/115, rounded to the halala; the refund that completes the order's total takes the
 * invoice's VAT less what earlier notes credited) and the amount before VAT.
 */
export type CreditNoteView = {
  number: string;
  issuedAt: string;
  test: boolean;
  seller: DocumentSeller;
  buyer: { name: string; address: InvoiceAddress | null };
  orderReference: string;
  invoice: { number: string; issuedAt: string };
  product: { name: string; nameAr: string };
  reason: string;
  totals: { excludingVatHalalas: number; vatHalalas: number; includingVatHalalas: number };
  vatRatePercent: number;
  currency: "SAR";
  qrPayload: string;
  qrSvg: string;
};

/** The credit notes of an order, as the order's views list them (newest last). */
export type CreditNoteLink = { number: string; issuedAt: string; amountHalalas: number };

/** GET /api/orders/:reference/credit-notes/:number(.pdf). */
export const creditNoteParamsSchema = z.object({
  reference: z.string().min(1).max(40),
  number: z.string().min(1).max(40),
});

/** GET /api/orders/:reference/invoice(.pdf): the reference in the path. */
export const invoiceParamsSchema = z.object({ reference: z.string().min(1).max(40) });

/** `?lang=` the PDF's first language. A guest's access token is the X-Order-Access header, never the query (issue 35). */
export const invoiceQuerySchema = z.object({
  lang: z.enum(["en", "ar"]).optional(),
});
