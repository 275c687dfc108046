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

export type InvoiceView = {
  number: string;
  issuedAt: string;
  seller: { name: string; nameAr: string; vatNumber: string };
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

/** GET /api/orders/:reference/invoice(.pdf): the reference in the path. */
export const invoiceParamsSchema = z.object({ reference: z.string().min(1).max(40) });

/** `?lang=` the PDF's first language. A guest's access token is the X-Order-Access header, never the query (issue 35). */
export const invoiceQuerySchema = z.object({
  lang: z.enum(["en", "ar"]).optional(),
});
