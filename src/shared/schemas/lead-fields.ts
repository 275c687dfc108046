import { z } from "zod";
import { latinDigits } from "../i18n/format.ts";
import type { MessageKey } from "../i18n/message-key.ts";

/**
 * The field rules the three lead forms share (contact, service request, proposal; spec §5). Every
 * message is a catalog key, so the form shows it in the page's language and the API answers in
 * the caller's. Maximum lengths are not in the spec: they keep one submission to a size a person
 * would write, and well under the route's body limit.
 */
export const LEAD_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  firmName: 150,
  contactNumber: 40,
  serviceName: 200,
  phone: 40,
  company: 150,
  quantity: 100,
  customRequirements: 4000,
  additionalNotes: 2000,
  honeypot: 500,
  /** Spec §5: message and customRequirements need at least 10 characters. */
  minText: 10,
} as const;

/** A required text: trimmed, so that spaces alone count as empty. */
export function requiredText(max: number, required: MessageKey, tooLong: MessageKey) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** An optional text; an empty one is kept as absent. */
export function optionalText(max: number, tooLong: MessageKey) {
  return z
    .string({ error: "errors.invalidValue" })
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/**
 * A required phone number as the visitor types it, with its Arabic-Indic or Persian digits written
 * as Western digits, so the studio's e-mails can dial it (a `tel:` link keeps only 0-9 and +).
 */
export function phoneText(max: number, required: MessageKey, tooLong: MessageKey) {
  return requiredText(max, required, tooLong).transform(latinDigits);
}

export const nameField = requiredText(LEAD_LIMITS.name, "leads.name.required", "leads.name.max");

export const emailField = z
  .string({ error: "leads.email.invalid" })
  .trim()
  .max(LEAD_LIMITS.email, "leads.email.max")
  .pipe(z.email("leads.email.invalid"));

/**
 * A field people never see (hidden from view and from assistive technology): a bot that fills
 * every input fills it too. The API answers such a submission as if it were accepted, and keeps
 * and mails nothing. The name is one a form-filling bot expects to fill.
 */
export const HONEYPOT_FIELD = "website";
export const honeypotField = z
  .string({ error: "errors.invalidValue" })
  .max(LEAD_LIMITS.honeypot, "errors.invalidValue")
  .optional();

/** Whether a submission filled the honeypot. */
export function isHoneypotFilled(body: { website?: string | undefined }): boolean {
  return typeof body.website === "string" && body.website.trim() !== "";
}
