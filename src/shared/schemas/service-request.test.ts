import { describe, expect, it } from "vitest";
import { inquiryRequestSchema } from "./inquiry-request.ts";
import { fieldMessages } from "./lead-schemas.test-helpers.ts";
import { serviceRequestFormSchema, serviceRequestInquirySchema, toServiceRequestInquiry } from "./service-request.ts";

const form = {
  name: "Faisal Al-Harbi",
  firmName: "Diriyah Events Co.",
  email: "faisal@diriyah-events.sa",
  contactNumber: "+966 55 123 4567",
  serviceName: "3D Printing | الطباعة ثلاثية الأبعاد",
};

describe("the service request form (spec §5)", () => {
  it("accepts a filled form", () => {
    expect(serviceRequestFormSchema.parse(form)).toEqual(form);
  });

  it.each([
    ["name", { name: "" }, "Name is required", "الاسم مطلوب"],
    ["firmName", { firmName: "" }, "Firm name is required", "اسم الشركة مطلوب"],
    [
      "firmName",
      { firmName: "x".repeat(151) },
      "Firm name must be at most 150 characters",
      "يجب ألا يتجاوز اسم الشركة ١٥٠ حرفًا",
    ],
    ["email", { email: "not-an-email" }, "Please enter a valid email address", "يُرجى إدخال بريد إلكتروني صحيح"],
    ["contactNumber", { contactNumber: " " }, "Contact number is required", "رقم التواصل مطلوب"],
    [
      "contactNumber",
      { contactNumber: "1".repeat(41) },
      "Contact number must be at most 40 characters",
      "يجب ألا يتجاوز رقم التواصل ٤٠ حرفًا",
    ],
    ["serviceName", { serviceName: "" }, "Service selection is required", "يُرجى اختيار الخدمة"],
    [
      "serviceName",
      { serviceName: "x".repeat(201) },
      "Service name must be at most 200 characters",
      "يجب ألا يتجاوز اسم الخدمة ٢٠٠ حرف",
    ],
  ])("%s %j: %s", (field, change, english, arabic) => {
    const data = { ...form, ...change };
    expect(fieldMessages(serviceRequestFormSchema, data, "en")).toEqual({ [field]: english });
    expect(fieldMessages(serviceRequestFormSchema, data, "ar")).toEqual({ [field]: arabic });
  });

  it("becomes the spec's three-line inquiry, keeping kind, service, firm and number as data", () => {
    const inquiry = toServiceRequestInquiry(serviceRequestFormSchema.parse(form), 3);
    expect(inquiry).toEqual({
      kind: "service_request",
      serviceId: 3,
      name: form.name,
      email: form.email,
      message:
        "Service Request: 3D Printing | الطباعة ثلاثية الأبعاد\nFirm: Diriyah Events Co.\nContact: +966 55 123 4567",
      firmName: form.firmName,
      contactNumber: form.contactNumber,
    });
    expect(inquiryRequestSchema.parse(inquiry)).toEqual(inquiry);
  });

  it("names the missing service-request fields of an inquiry", () => {
    const inquiry = toServiceRequestInquiry(serviceRequestFormSchema.parse(form), 1);
    expect(fieldMessages(inquiryRequestSchema, { ...inquiry, firmName: "", serviceId: 9 })).toEqual({
      serviceId: "Please choose one of the studio's services.",
      firmName: "Firm name is required",
    });
    expect(fieldMessages(serviceRequestInquirySchema, { ...inquiry, serviceId: 9 }, "ar")).toEqual({
      serviceId: "يُرجى اختيار إحدى خدمات الاستوديو.",
    });
    expect(fieldMessages(inquiryRequestSchema, { ...inquiry, message: "" }, "en")).toEqual({
      message: "This field is required.",
    });
  });

  it("refuses unknown fields", () => {
    expect(serviceRequestFormSchema.safeParse({ ...form, budget: 1 }).success).toBe(false);
    expect(inquiryRequestSchema.safeParse({ ...toServiceRequestInquiry(form, 2), budget: 1 }).success).toBe(false);
  });
});
