import type { Lang } from "#shared/lang.ts";
import { toServiceRequestInquiry, type ServiceId, type ServiceRequestForm } from "#shared/schemas/service-request.ts";

type Named = { id: ServiceId; titleEn: string; titleAr: string };

/** The read-only service field (spec §3): "English title | Arabic title", on either page. */
export function serviceFieldValue(service: Named): string {
  return `${service.titleEn} | ${service.titleAr}`;
}

/**
 * The body of POST /api/inquiries for a service request: the shared schema's inquiry (with the
 * spec's three-line message) and `lang`, which picks the language of any error.
 */
export function serviceRequestBody(values: ServiceRequestForm, service: Named, lang: Lang) {
  return { ...toServiceRequestInquiry(values, service.id), lang };
}
