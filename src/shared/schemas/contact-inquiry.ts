import { z } from "zod";
import { LEAD_LIMITS, emailField, honeypotField, nameField } from "./lead-fields.ts";

/** The contact form (spec §2 Contact, §5): name, e-mail and a message of at least 10 characters. */
export const contactInquirySchema = z.strictObject({
  /** The API also reads the kind of inquiry; the contact form need not send it. */
  kind: z.literal("contact", { error: "leads.kind.invalid" }).optional(),
  name: nameField,
  email: emailField,
  message: z
    .string({ error: "leads.message.min" })
    .trim()
    .min(LEAD_LIMITS.minText, "leads.message.min")
    .max(LEAD_LIMITS.message, "leads.message.max"),
  website: honeypotField,
});

export type ContactInquiryInput = z.input<typeof contactInquirySchema>;
export type ContactInquiry = z.output<typeof contactInquirySchema>;
