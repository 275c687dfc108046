/**
 * INTERIM (branch leads-ui): stand-ins for the lead schemas that branch `leads` is writing in
 * src/shared/schemas. The pages import only from here; when `leads` is merged this file and the
 * `leadsInterim` catalog keys are deleted and the imports point at the real schemas.
 */
import { z } from "zod";
import type { MessageKey } from "../i18n/message-key.ts";

const key = <K extends MessageKey>(k: K): K => k;

export const contactSchema = z.strictObject({
  name: z.string().trim().min(1, key("leadsInterim.nameRequired")),
  email: z.email(key("leadsInterim.emailInvalid")),
  message: z.string().trim().min(10, key("leadsInterim.messageMin")),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const serviceRequestSchema = z.strictObject({
  name: z.string().trim().min(1, key("leadsInterim.nameRequired")),
  firmName: z.string().trim().min(1, key("leadsInterim.firmRequired")),
  email: z.email(key("leadsInterim.emailInvalid")),
  contactNumber: z.string().trim().min(1, key("leadsInterim.contactRequired")),
  serviceName: z.string().trim().min(1, key("leadsInterim.serviceRequired")),
});
export type ServiceRequestInput = z.infer<typeof serviceRequestSchema>;

export const productInterests = ["nawat", "sanam", "custom"] as const;
export const projectTypes = ["bulk_order", "customization", "corporate_gifts", "event_products", "custom_design"] as const;
export const budgets = ["5k-15k", "15k-50k", "50k-100k", "100k+"] as const;
export const timelines = ["urgent", "standard", "flexible", "planned"] as const;

export const proposalSchema = z.strictObject({
  name: z.string().trim().min(1, key("leadsInterim.nameRequired")),
  email: z.email(key("leadsInterim.emailInvalid")),
  phone: z.string().trim().min(1, key("leadsInterim.phoneRequired")),
  company: z.string().trim().optional(),
  productInterest: z.enum(productInterests, key("leadsInterim.productRequired")),
  projectType: z.enum(projectTypes, key("leadsInterim.projectTypeRequired")),
  quantity: z.string().trim().min(1, key("leadsInterim.quantityRequired")),
  budget: z.enum(budgets, key("leadsInterim.budgetRequired")),
  timeline: z.enum(timelines, key("leadsInterim.timelineRequired")),
  customRequirements: z.string().trim().min(10, key("leadsInterim.requirementsMin")),
  additionalNotes: z.string().trim().optional(),
});
export type ProposalInput = z.infer<typeof proposalSchema>;

/** The wizard's steps and the fields each validates before Next. */
export const proposalSteps = [
  ["name", "email", "phone", "company"],
  ["productInterest", "projectType", "quantity", "budget", "timeline"],
  ["customRequirements", "additionalNotes"],
] as const satisfies readonly (readonly (keyof ProposalInput)[])[];
