import { z } from "zod";
import { services, type ServiceId } from "#content/services.ts";
import { LEAD_LIMITS, emailField, honeypotField, nameField, phoneText, requiredText } from "./lead-fields.ts";

/** A service request names one of the studio's services (content/services.ts, spec §3). */
export type { ServiceId };
export const SERVICE_IDS = services.map((service) => service.id) as [ServiceId, ...ServiceId[]];

const firmNameField = requiredText(LEAD_LIMITS.firmName, "leads.firmName.required", "leads.firmName.max");
const contactNumberField = phoneText(
  LEAD_LIMITS.contactNumber,
  "leads.contactNumber.required",
  "leads.contactNumber.max",
);

/**
 * The Request Service form as the visitor fills it (spec §3, §5). serviceName is read-only and
 * prefilled ("{English title} | {Arabic title}").
 */
export const serviceRequestFormSchema = z.strictObject({
  name: nameField,
  firmName: firmNameField,
  email: emailField,
  contactNumber: contactNumberField,
  serviceName: requiredText(LEAD_LIMITS.serviceName, "leads.serviceName.required", "leads.serviceName.max"),
  website: honeypotField,
});

export type ServiceRequestFormInput = z.input<typeof serviceRequestFormSchema>;
export type ServiceRequestForm = z.output<typeof serviceRequestFormSchema>;

/**
 * A service request as POST /api/inquiries receives it: the spec's three-line message, and the
 * kind, service, firm and number kept as data for the studio's inbox.
 */
export const serviceRequestInquirySchema = z.strictObject({
  kind: z.literal("service_request", { error: "leads.kind.invalid" }),
  serviceId: z.union(
    SERVICE_IDS.map((id) => z.literal(id)),
    { error: "leads.service.invalid" },
  ),
  name: nameField,
  email: emailField,
  message: requiredText(LEAD_LIMITS.message, "errors.required", "leads.message.max"),
  firmName: firmNameField,
  contactNumber: contactNumberField,
  website: honeypotField,
});

export type ServiceRequestInquiryInput = z.input<typeof serviceRequestInquirySchema>;

/**
 * The inquiry the Request Service form sends (spec §7): the message is three lines,
 * "Service Request: {service name}", "Firm: {firm name}", "Contact: {contact number}".
 */
export function toServiceRequestInquiry(form: ServiceRequestForm, serviceId: ServiceId): ServiceRequestInquiryInput {
  return {
    kind: "service_request",
    serviceId,
    name: form.name,
    email: form.email,
    message: [`Service Request: ${form.serviceName}`, `Firm: ${form.firmName}`, `Contact: ${form.contactNumber}`].join(
      "\n",
    ),
    firmName: form.firmName,
    contactNumber: form.contactNumber,
    ...(form.website !== undefined ? { website: form.website } : {}),
  };
}
