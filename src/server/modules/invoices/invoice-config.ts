import { z } from "zod";
import { studio } from "#content/studio.ts";

/**
 * The seller as printed on simplified tax invoices (issue 12): the studio's legal name in both
 * languages and its 15-digit VAT registration number, from the environment.
 */
export const invoiceConfigShape = {
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(120).default(studio.legalName),
  SELLER_LEGAL_NAME_AR: z.string().trim().min(1).max(120).default(studio.legalNameAr),
  SELLER_VAT_NUMBER: z
    .string()
    .regex(/^3\d{13}3$/, "must be the 15-digit VAT number (starts and ends with 3)")
    .default("300000000000003"),
};

export type InvoiceConfig = {
  SELLER_LEGAL_NAME: string;
  SELLER_LEGAL_NAME_AR: string;
  SELLER_VAT_NUMBER: string;
};
