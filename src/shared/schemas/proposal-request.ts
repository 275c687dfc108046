import { z } from "zod";
import { catalog } from "#content/catalog.ts";
import type { Lang } from "../lang.ts";
import {
  LEAD_LIMITS,
  emailField,
  honeypotField,
  nameField,
  optionalText,
  phoneText,
  requiredText,
} from "./lead-fields.ts";

/** One choice of a wizard select, with its label in both languages (spec §3). */
export type ProposalOption<V extends string> = { value: V; label: Record<Lang, string> };

const options = <const V extends string>(list: readonly ProposalOption<V>[]) => list;

/** Every catalog product by its full name (content/catalog.ts), then a product of the visitor's own. */
export const PRODUCT_INTEREST_OPTIONS = options([
  ...catalog.map((product) => ({ value: product.id, label: { en: product.name, ar: product.nameAr } })),
  { value: "custom", label: { en: "Custom product", ar: "منتج خاص" } },
]);

export const PROJECT_TYPE_OPTIONS = options([
  { value: "bulk_order", label: { en: "Bulk order", ar: "طلب بالجملة" } },
  { value: "customization", label: { en: "Customization", ar: "تخصيص منتج" } },
  { value: "corporate_gifts", label: { en: "Corporate gifts", ar: "هدايا الشركات" } },
  { value: "event_products", label: { en: "Event products", ar: "منتجات الفعاليات" } },
  { value: "custom_design", label: { en: "Custom design", ar: "تصميم مخصّص" } },
]);

/** Budget bands in SAR. */
export const BUDGET_OPTIONS = options([
  { value: "5k-15k", label: { en: "5,000 – 15,000 SAR", ar: "٥٬٠٠٠ – ١٥٬٠٠٠ ريال" } },
  { value: "15k-50k", label: { en: "15,000 – 50,000 SAR", ar: "١٥٬٠٠٠ – ٥٠٬٠٠٠ ريال" } },
  { value: "50k-100k", label: { en: "50,000 – 100,000 SAR", ar: "٥٠٬٠٠٠ – ١٠٠٬٠٠٠ ريال" } },
  { value: "100k+", label: { en: "100,000+ SAR", ar: "أكثر من ١٠٠٬٠٠٠ ريال" } },
]);

export const TIMELINE_OPTIONS = options([
  { value: "urgent", label: { en: "Urgent (1–2 weeks)", ar: "عاجل (أسبوع إلى أسبوعين)" } },
  { value: "standard", label: { en: "Standard (3–4 weeks)", ar: "عادي (٣ إلى ٤ أسابيع)" } },
  { value: "flexible", label: { en: "Flexible (5–8 weeks)", ar: "مرن (٥ إلى ٨ أسابيع)" } },
  { value: "planned", label: { en: "Planned (2+ months)", ar: "مخطّط له (شهران فأكثر)" } },
]);

type Values<L extends readonly ProposalOption<string>[]> = L[number]["value"];
const valuesOf = <L extends readonly ProposalOption<string>[]>(list: L) =>
  list.map((option) => option.value) as [Values<L>, ...Values<L>[]];

export const PRODUCT_INTERESTS = valuesOf(PRODUCT_INTEREST_OPTIONS);
export const PROJECT_TYPES = valuesOf(PROJECT_TYPE_OPTIONS);
export const BUDGETS = valuesOf(BUDGET_OPTIONS);
export const TIMELINES = valuesOf(TIMELINE_OPTIONS);

/** The proposal wizard (spec §2 Proposal, §3, §5), as the form validates it and POST /api/proposals takes it. */
export const proposalRequestSchema = z.strictObject({
  name: nameField,
  email: emailField,
  phone: phoneText(LEAD_LIMITS.phone, "leads.phone.required", "leads.phone.max"),
  company: optionalText(LEAD_LIMITS.company, "leads.company.max"),
  productInterest: z.enum(PRODUCT_INTERESTS, { error: "leads.productInterest.required" }),
  projectType: z.enum(PROJECT_TYPES, { error: "leads.projectType.required" }),
  quantity: requiredText(LEAD_LIMITS.quantity, "leads.quantity.required", "leads.quantity.max"),
  budget: z.enum(BUDGETS, { error: "leads.budget.required" }),
  timeline: z.enum(TIMELINES, { error: "leads.timeline.required" }),
  customRequirements: z
    .string({ error: "leads.customRequirements.min" })
    .trim()
    .min(LEAD_LIMITS.minText, "leads.customRequirements.min")
    .max(LEAD_LIMITS.customRequirements, "leads.customRequirements.max"),
  additionalNotes: optionalText(LEAD_LIMITS.additionalNotes, "leads.additionalNotes.max"),
  website: honeypotField,
});

export type ProposalRequestInput = z.input<typeof proposalRequestSchema>;
export type ProposalRequest = z.output<typeof proposalRequestSchema>;
export type ProposalField = Exclude<keyof ProposalRequestInput, "website">;

/**
 * The wizard's three steps and the fields each shows (spec §2): Next does not validate, so the
 * page uses this to open the first step with an error after a refused Send.
 */
export const PROPOSAL_STEPS = [
  { id: "personal", fields: ["name", "email", "phone", "company"] },
  { id: "project", fields: ["productInterest", "projectType", "quantity", "budget", "timeline"] },
  { id: "requirements", fields: ["customRequirements", "additionalNotes"] },
] as const satisfies readonly { id: string; fields: readonly ProposalField[] }[];

/** The 0-based step that shows a field. */
export function proposalStepOf(field: string): number | undefined {
  const index = PROPOSAL_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index === -1 ? undefined : index;
}

/** The label of a stored option value in a language (the value itself if unknown). */
export function proposalOptionLabel(list: readonly ProposalOption<string>[], value: string, lang: Lang): string {
  return list.find((option) => option.value === value)?.label[lang] ?? value;
}
