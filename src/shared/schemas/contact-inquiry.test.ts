import { describe, expect, it } from "vitest";
import { contactInquirySchema } from "./contact-inquiry.ts";
import { inquiryRequestSchema } from "./inquiry-request.ts";
import { fieldMessages } from "./lead-schemas.test-helpers.ts";

const valid = { name: "Sara Al-Qahtani", email: "sara@example.sa", message: "I would like twenty bowls for Eid." };

describe("the contact inquiry schema (spec §5)", () => {
  it("accepts a valid inquiry, trimmed", () => {
    expect(contactInquirySchema.parse({ ...valid, name: "  Sara  ", email: " sara@example.sa " })).toEqual({
      ...valid,
      name: "Sara",
      email: "sara@example.sa",
    });
  });

  it.each([
    ["name", { name: "" }, "Name is required", "الاسم مطلوب"],
    ["name", { name: "   " }, "Name is required", "الاسم مطلوب"],
    ["name", { name: undefined }, "Name is required", "الاسم مطلوب"],
    ["name", { name: "x".repeat(101) }, "Name must be at most 100 characters", "يجب ألا يتجاوز الاسم ١٠٠ حرف"],
    ["email", { email: "sara@" }, "Please enter a valid email address", "يُرجى إدخال بريد إلكتروني صحيح"],
    ["email", { email: undefined }, "Please enter a valid email address", "يُرجى إدخال بريد إلكتروني صحيح"],
    [
      "email",
      { email: `${"a".repeat(250)}@x.sa` },
      "Email must be at most 254 characters",
      "يجب ألا يتجاوز البريد الإلكتروني ٢٥٤ حرفًا",
    ],
    [
      "message",
      { message: "too short" },
      "Message must be at least 10 characters",
      "يجب أن تتكوّن الرسالة من ١٠ أحرف على الأقل",
    ],
    [
      "message",
      { message: "   short         " },
      "Message must be at least 10 characters",
      "يجب أن تتكوّن الرسالة من ١٠ أحرف على الأقل",
    ],
    [
      "message",
      { message: undefined },
      "Message must be at least 10 characters",
      "يجب أن تتكوّن الرسالة من ١٠ أحرف على الأقل",
    ],
    [
      "message",
      { message: "x".repeat(5001) },
      "Message must be at most 5,000 characters",
      "يجب ألا تتجاوز الرسالة ٥٬٠٠٠ حرف",
    ],
  ])("%s %j: %s", (field, change, english, arabic) => {
    const data = { ...valid, ...change };
    expect(fieldMessages(contactInquirySchema, data, "en")).toEqual({ [field]: english });
    expect(fieldMessages(contactInquirySchema, data, "ar")).toEqual({ [field]: arabic });
  });

  it("accepts exactly 10 characters of message", () => {
    expect(contactInquirySchema.safeParse({ ...valid, message: "0123456789" }).success).toBe(true);
  });

  it("refuses unknown fields and allows the honeypot", () => {
    const unknown = contactInquirySchema.safeParse({ ...valid, isAdmin: true });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.code).toBe("unrecognized_keys");
    expect(contactInquirySchema.parse({ ...valid, website: "http://spam" }).website).toBe("http://spam");
  });

  it("is one of the two kinds POST /api/inquiries takes", () => {
    expect(inquiryRequestSchema.parse(valid)).toEqual(valid);
    expect(inquiryRequestSchema.parse({ ...valid, kind: "contact" })).toEqual({ ...valid, kind: "contact" });
    expect(fieldMessages(inquiryRequestSchema, { ...valid, kind: "order" })).toEqual({
      kind: "Choose a contact message or a service request.",
    });
    expect(fieldMessages(inquiryRequestSchema, { ...valid, kind: "order" }, "ar")).toEqual({
      kind: "اختر رسالة تواصل أو طلب خدمة.",
    });
  });
});
