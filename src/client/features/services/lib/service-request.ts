import type { Lang } from "#shared/lang.ts";
import type { ServiceRequestInput } from "#shared/schemas/leads-interim.ts";

type Named = { titleEn: string; titleAr: string };

/** The read-only service field (spec §3): "English title | Arabic title", on either page. */
export function serviceFieldValue(service: Named): string {
  return `${service.titleEn} | ${service.titleAr}`;
}

/** Spec §7: a service request is sent as an inquiry whose message is these three lines. */
export function serviceRequestMessage(values: Pick<ServiceRequestInput, "serviceName" | "firmName" | "contactNumber">): string {
  return `Service Request: ${values.serviceName}\nFirm: ${values.firmName}\nContact: ${values.contactNumber}`;
}

/** The body of POST /api/inquiries for a service request; `lang` picks the language of errors. */
export function serviceRequestBody(values: ServiceRequestInput, lang: Lang) {
  return { name: values.name, email: values.email, message: serviceRequestMessage(values), lang };
}
