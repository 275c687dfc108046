import { describe, expect, it } from "vitest";
import { lazyBuyerResolver, loadedValidation, loadValidation } from "./lazy-validation.ts";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("the buyer form's lazily loaded validation", () => {
  it("is not loaded until asked for, then checks with the API's schema", async () => {
    expect(loadedValidation()).toBeUndefined();
    const empty = await lazyBuyerResolver(
      { name: "", email: "", phone: "", address: { city: "", district: "", street: "" } },
      undefined,
      options,
    );
    expect(loadedValidation()).toBeDefined();
    expect(empty.errors).toMatchObject({
      name: { message: "checkout.name.required" },
      phone: { message: "checkout.phone.required" },
      address: { city: { message: "checkout.city.required" } },
    });
  });

  it("hands on the normalised details, and checks synchronously once loaded (Apple Pay)", async () => {
    const values = {
      name: " Sara ",
      email: "sara@example.com",
      phone: "05 0123 4567",
      address: { city: "Riyadh", district: "Olaya", street: "King Fahd Rd", building: "", postalCode: "12211" },
    };
    const result = await lazyBuyerResolver(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: "Sara", phone: "+966501234567", address: { postalCode: "12211" } });
    const validation = await loadValidation();
    expect(validation.parseBuyer({ ...values, phone: "12345" }).success).toBe(false);
    expect(validation.parseBuyer(values).success).toBe(true);
  });
});
