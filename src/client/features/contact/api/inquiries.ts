import { apiRequest } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { ContactInquiry } from "#shared/schemas/contact-inquiry.ts";

/** POST /api/inquiries: the contact form's message; a 400 names the refused fields. */
export async function sendInquiry(values: ContactInquiry, lang: Lang): Promise<void> {
  await apiRequest("POST", "/api/inquiries", { ...values, lang });
}
