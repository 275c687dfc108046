import { z } from "zod";
import { contactInquirySchema } from "./contact-inquiry.ts";
import { serviceRequestInquirySchema } from "./service-request.ts";

/**
 * POST /api/inquiries (spec §7): a contact inquiry (`kind` absent or "contact") or a service
 * request (`kind: "service_request"`); each kind is checked by its own strict schema, so errors
 * name that form's fields.
 */
export const inquiryRequestSchema = z.discriminatedUnion("kind", [contactInquirySchema, serviceRequestInquirySchema], {
  error: "leads.kind.invalid",
});

export type InquiryRequest = z.output<typeof inquiryRequestSchema>;
export type InquiryKind = "contact" | "service_request";
