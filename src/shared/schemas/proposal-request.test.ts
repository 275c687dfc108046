import { describe, expect, it } from "vitest";
import { catalog } from "#content/catalog.ts";
import { ar } from "../i18n/ar.ts";
import { fieldMessages } from "./lead-schemas.test-helpers.ts";
import {
  BUDGET_OPTIONS,
  PRODUCT_INTEREST_OPTIONS,
  PROJECT_TYPE_OPTIONS,
  PROPOSAL_STEPS,
  TIMELINE_OPTIONS,
  proposalOptionLabel,
  proposalRequestSchema,
  proposalStepOf,
} from "./proposal-request.ts";

const valid = {
  name: "Noura Al-Saud",
  email: "noura@example.sa",
  phone: "+966 50 000 0000",
  company: "Noura Events",
  productInterest: "nawat",
  projectType: "corporate_gifts",
  quantity: "about 150 bowls",
  budget: "15k-50k",
  timeline: "standard",
  customRequirements: "Engraved logo on each cover, gift boxes in green.",
  additionalNotes: "Delivery to Jeddah.",
};

describe("the proposal wizard schema (spec §3, §5)", () => {
  it("accepts a complete proposal, and without the optional fields", () => {
    expect(proposalRequestSchema.parse(valid)).toEqual(valid);
    const { company: _c, additionalNotes: _n, ...required } = valid;
    expect(proposalRequestSchema.parse(required)).toEqual(required);
    expect(proposalRequestSchema.parse({ ...required, company: "  ", additionalNotes: "" })).toEqual(required);
  });

  it("takes exactly the spec's option values", () => {
    // Every catalog product, by its full name in both languages, then "custom".
    expect(PRODUCT_INTEREST_OPTIONS.map((o) => o.value)).toEqual([...catalog.map((p) => p.id), "custom"]);
    expect(PRODUCT_INTEREST_OPTIONS[0]?.label).toEqual({ en: "Nawat Date Bowl", ar: "صحن نواة للتمر" });
    expect(proposalOptionLabel(PRODUCT_INTEREST_OPTIONS, "sanam", "ar")).toBe("مبخرة سنام");
    expect(PROJECT_TYPE_OPTIONS.map((o) => o.value)).toEqual([
      "bulk_order",
      "customization",
      "corporate_gifts",
      "event_products",
      "custom_design",
    ]);
    expect(BUDGET_OPTIONS.map((o) => o.value)).toEqual(["5k-15k", "15k-50k", "50k-100k", "100k+"]);
    expect(TIMELINE_OPTIONS.map((o) => o.value)).toEqual(["urgent", "standard", "flexible", "planned"]);
    for (const list of [PRODUCT_INTEREST_OPTIONS, PROJECT_TYPE_OPTIONS, BUDGET_OPTIONS, TIMELINE_OPTIONS]) {
      for (const option of list) {
        expect(option.label.en).not.toBe("");
        expect(option.label.ar).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(proposalOptionLabel(TIMELINE_OPTIONS, "urgent", "en")).toBe("Urgent (1–2 weeks)");
    expect(proposalOptionLabel(BUDGET_OPTIONS, "100k+", "ar")).toBe("أكثر من ١٠٠٬٠٠٠ ريال");
  });

  it.each([
    ["name", { name: "" }, "Name is required", "الاسم مطلوب"],
    ["email", { email: "noura" }, "Please enter a valid email address", "يُرجى إدخال بريد إلكتروني صحيح"],
    ["phone", { phone: "" }, "Phone number is required", "رقم الجوال مطلوب"],
    [
      "phone",
      { phone: "1".repeat(41) },
      "Phone number must be at most 40 characters",
      "يجب ألا يتجاوز رقم الجوال ٤٠ حرفًا",
    ],
    [
      "company",
      { company: "x".repeat(151) },
      "Company name must be at most 150 characters",
      "يجب ألا يتجاوز اسم الجهة ١٥٠ حرفًا",
    ],
    ["productInterest", { productInterest: undefined }, "Please select a product", "يُرجى اختيار المنتج"],
    ["productInterest", { productInterest: "chair" }, "Please select a product", "يُرجى اختيار المنتج"],
    ["projectType", { projectType: "" }, "Please select project type", "يُرجى اختيار نوع المشروع"],
    ["quantity", { quantity: "" }, "Please specify quantity", "يُرجى تحديد الكمية"],
    [
      "quantity",
      { quantity: "9".repeat(101) },
      "Quantity must be at most 100 characters",
      "يجب ألا تتجاوز الكمية ١٠٠ حرف",
    ],
    ["budget", { budget: "1000-5000" }, "Please select budget range", "يُرجى اختيار نطاق الميزانية"],
    ["timeline", { timeline: "no-rush" }, "Please select timeline", "يُرجى اختيار المدة الزمنية"],
    [
      "customRequirements",
      { customRequirements: "logo" },
      "Please describe your requirements (minimum 10 characters)",
      "يُرجى وصف متطلباتك (١٠ أحرف على الأقل)",
    ],
    [
      "customRequirements",
      { customRequirements: "x".repeat(4001) },
      "Requirements must be at most 4,000 characters",
      "يجب ألا تتجاوز المتطلبات ٤٬٠٠٠ حرف",
    ],
    [
      "additionalNotes",
      { additionalNotes: "x".repeat(2001) },
      "Additional notes must be at most 2,000 characters",
      "يجب ألا تتجاوز الملاحظات الإضافية ٢٬٠٠٠ حرف",
    ],
  ])("%s %j: %s", (field, change, english, arabic) => {
    const data = { ...valid, ...change };
    expect(fieldMessages(proposalRequestSchema, data, "en")).toEqual({ [field]: english });
    expect(fieldMessages(proposalRequestSchema, data, "ar")).toEqual({ [field]: arabic });
  });

  it("names every missing field of an empty submission", () => {
    expect(Object.keys(fieldMessages(proposalRequestSchema, {}))).toEqual([
      "name",
      "email",
      "phone",
      "productInterest",
      "projectType",
      "quantity",
      "budget",
      "timeline",
      "customRequirements",
    ]);
  });

  it("refuses unknown fields (the earlier variant's description) and allows the honeypot", () => {
    expect(proposalRequestSchema.safeParse({ ...valid, description: "x" }).success).toBe(false);
    expect(proposalRequestSchema.safeParse({ ...valid, website: "" }).success).toBe(true);
  });

  it("lists the wizard's three steps and where each field is", () => {
    expect(PROPOSAL_STEPS.map((step) => step.fields)).toEqual([
      ["name", "email", "phone", "company"],
      ["productInterest", "projectType", "quantity", "budget", "timeline"],
      ["customRequirements", "additionalNotes"],
    ]);
    const shown = PROPOSAL_STEPS.flatMap((step) => step.fields as readonly string[]).sort();
    expect(shown).toEqual(
      Object.keys(proposalRequestSchema.shape)
        .filter((f) => f !== "website")
        .sort(),
    );
    expect(proposalStepOf("budget")).toBe(1);
    expect(proposalStepOf("website")).toBeUndefined();
  });

  it("has every lead message in Arabic script", () => {
    const texts: string[] = [];
    const collect = (node: unknown): void => {
      if (typeof node === "string") texts.push(node);
      else if (node && typeof node === "object") Object.values(node).forEach(collect);
    };
    collect(ar.leads);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(text).not.toMatch(/[A-Za-z]/);
  });
});
