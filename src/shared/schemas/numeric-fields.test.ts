import { describe, expect, it } from "vitest";
import { accountUpdateSchema, signUpSchema } from "./auth.ts";
import { checkoutBuyerSchema, createIntentSchema, normalizeSaudiMobile } from "./checkout.ts";
import { fieldMessages } from "./lead-schemas.test-helpers.ts";
import { proposalRequestSchema } from "./proposal-request.ts";
import { serviceRequestFormSchema } from "./service-request.ts";

/**
 * Every numeric input takes what an Arabic or Persian keypad types (an iPhone's Arabic keypad writes
 * "١٢٣٤"), and the API keeps Western digits.
 */
const buyer = {
  name: "نورة السبيعي",
  email: "noura@example.sa",
  phone: "٠٥٥ ١٢٣ ٤٥٦٧",
  address: { city: "الرياض", district: "العليا", street: "طريق الملك فهد", building: "١٢٣٤", postalCode: "١٢٢١١" },
};

describe("the checkout's numeric fields", () => {
  it("accepts a building number and a postal code in Arabic-Indic digits, and keeps them in Western digits", () => {
    const parsed = checkoutBuyerSchema.parse(buyer);
    expect(parsed.address.building).toBe("1234");
    expect(parsed.address.postalCode).toBe("12211");
    expect(parsed.phone).toBe("+966551234567");
    expect(fieldMessages(checkoutBuyerSchema, buyer, "ar")).toEqual({});
  });

  it("accepts Persian and mixed digits", () => {
    const persian = { ...buyer, address: { ...buyer.address, building: "۱۲۳۴", postalCode: "1٢2۱1" } };
    const parsed = checkoutBuyerSchema.parse(persian);
    expect(parsed.address.building).toBe("1234");
    expect(parsed.address.postalCode).toBe("12211");
    expect(normalizeSaudiMobile("۰۵۵۱۲۳۴۵۶۷")).toBe("+966551234567");
  });

  it("still refuses what is not four or five digits, in the page's language", () => {
    const wrong = { ...buyer, address: { ...buyer.address, building: "١٢٣", postalCode: "١٢٢١أ" } };
    expect(fieldMessages(checkoutBuyerSchema, wrong, "ar")).toEqual({
      "address.building": "رقم المبنى أربعة أرقام",
      "address.postalCode": "الرمز البريدي خمسة أرقام",
    });
    const empty = { ...buyer, address: { ...buyer.address, building: "", postalCode: " " } };
    expect(checkoutBuyerSchema.parse(empty).address).toMatchObject({ building: undefined, postalCode: undefined });
  });

  it("takes the quantity as a number or as digits in any script, and only one piece", () => {
    const intent = { ...buyer, paymentMethod: "tabby", productId: "nawat", amount: 422, currency: "SAR" } as const;
    expect(createIntentSchema.parse({ ...intent, quantity: 1 }).quantity).toBe(1);
    expect(createIntentSchema.parse({ ...intent, quantity: "١" }).quantity).toBe(1);
    expect(createIntentSchema.parse({ ...intent, quantity: "۱" }).quantity).toBe(1);
    expect(fieldMessages(createIntentSchema, { ...intent, quantity: "٢" }, "ar")).toEqual({
      quantity: "يمكن طلب قطعة واحدة فقط في كل طلب.",
    });
    expect(fieldMessages(createIntentSchema, { ...intent, quantity: "" }, "en")).toEqual({
      quantity: "The quantity must be 1.",
    });
  });
});

describe("phone numbers of the lead forms and the account", () => {
  it("keeps a lead's phone in Western digits, so the studio's e-mail can dial it", () => {
    const proposal = {
      name: "Noura",
      email: "noura@example.sa",
      phone: "+٩٦٦ ٥٠ ۱۲۳ ٤٥٦٧",
      productInterest: "nawat",
      projectType: "corporate_gifts",
      quantity: "١٥٠ قطعة",
      budget: "15k-50k",
      timeline: "urgent",
      customRequirements: "علب هدايا بشعار الشركة",
    };
    const parsed = proposalRequestSchema.parse(proposal);
    expect(parsed.phone).toBe("+966 50 123 4567");
    // The quantity is free text ("١٥٠ قطعة"), kept as written.
    expect(parsed.quantity).toBe("١٥٠ قطعة");
    const service = serviceRequestFormSchema.parse({
      name: "فيصل",
      firmName: "فعاليات الدرعية",
      email: "faisal@example.sa",
      contactNumber: "٠٥٥١٢٣٤٥٦٧",
      serviceName: "3D Printing | الطباعة ثلاثية الأبعاد",
    });
    expect(service.contactNumber).toBe("0551234567");
  });

  it("keeps an account's phone in Western digits", () => {
    const signUp = {
      firstName: "نورة",
      lastName: "السبيعي",
      email: "noura@example.sa",
      password: "secret-password",
      country: "السعودية",
      phone: "٠٥٥١٢٣٤٥٦٧",
    };
    expect(signUpSchema.parse(signUp).phone).toBe("0551234567");
    expect(accountUpdateSchema.parse({ phone: "۰۵۵۱۲۳۴۵۶۷" })).toEqual({ phone: "0551234567" });
  });
});
