import { z } from "zod";
import { studio } from "#content/studio.ts";

/** An address as printed on one line of an invoice (the studio's, not a buyer's). */
const addressLine = z.string().trim().min(1).max(200);

/**
 * The placeholders the seller's VAT number and address default to, so that `npm start` and the tests
 * print a whole invoice. A live deployment (production taking real payments) must replace them:
 * `placeholderSellerDetails` names the ones it has not, and the configuration refuses to start.
 */
export const SELLER_PLACEHOLDERS = {
  SELLER_VAT_NUMBER: "300000000000003",
  SELLER_ADDRESS_EN: "0000 Placeholder Street, Placeholder District, Riyadh 00000, Saudi Arabia",
  SELLER_ADDRESS_AR: "٠٠٠٠ شارع افتراضي، حي افتراضي، الرياض ٠٠٠٠٠، المملكة العربية السعودية",
} as const;

/**
 * The seller as printed on simplified tax invoices and credit notes (issues 12 and 35): the studio's
 * legal name in both languages, its 15-digit VAT registration number and its address in both
 * languages, from the environment. The defaults are placeholders, like the VAT number's: a
 * deployment sets its own.
 */
export const invoiceConfigShape = {
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(120).default(studio.legalName),
  SELLER_LEGAL_NAME_AR: z.string().trim().min(1).max(120).default(studio.legalNameAr),
  SELLER_VAT_NUMBER: z
    .string()
    .regex(/^3\d{13}3$/, "must be the 15-digit VAT number (starts and ends with 3)")
    .default(SELLER_PLACEHOLDERS.SELLER_VAT_NUMBER),
  SELLER_ADDRESS_EN: addressLine.default(SELLER_PLACEHOLDERS.SELLER_ADDRESS_EN),
  SELLER_ADDRESS_AR: addressLine.default(SELLER_PLACEHOLDERS.SELLER_ADDRESS_AR),
  /** Invoice and credit-note PDFs one address may download per minute. */
  DOCUMENTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
};

export type InvoiceConfig = {
  SELLER_LEGAL_NAME: string;
  SELLER_LEGAL_NAME_AR: string;
  SELLER_VAT_NUMBER: string;
  SELLER_ADDRESS_EN: string;
  SELLER_ADDRESS_AR: string;
};

/**
 * The seller's details still at their placeholders when the server takes real money (NODE_ENV
 * production with PAYMENT_GATEWAY=providers): real tax invoices must not carry them. Empty otherwise;
 * the sandbox's invoices are test documents.
 */
export function placeholderSellerDetails(
  config: InvoiceConfig & { NODE_ENV: string; PAYMENT_GATEWAY?: string | undefined },
) {
  if (config.NODE_ENV !== "production" || config.PAYMENT_GATEWAY !== "providers") return [];
  return (Object.keys(SELLER_PLACEHOLDERS) as (keyof typeof SELLER_PLACEHOLDERS)[]).filter(
    (name) => config[name] === SELLER_PLACEHOLDERS[name],
  );
}
