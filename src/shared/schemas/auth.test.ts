import { describe, expect, it } from "vitest";
import {
  type AccountUpdateInput,
  type PasswordChangeFormInput,
  type ResetPasswordFormInput,
  type SignInInput,
  type SignUpFormInput,
  accountUpdateSchema,
  passwordChangeFormSchema,
  resetPasswordFormSchema,
  signInSchema,
  signUpFormSchema,
  signUpSchema,
  toSignUpRequest,
  wishlistSchema,
} from "./auth.ts";
import { fieldMessages } from "./lead-schemas.test-helpers.ts";

const signUp = {
  firstName: "Noura",
  lastName: "Al-Saud",
  email: "noura@example.sa",
  country: "Saudi Arabia",
  password: "walnut",
};

describe("the account schemas (spec §5)", () => {
  it("accepts a valid sign-up, trimmed, with an empty phone kept as absent", () => {
    expect(signUpSchema.parse({ ...signUp, firstName: " Noura ", email: " noura@example.sa ", phone: " " })).toEqual({
      ...signUp,
      phone: undefined,
    });
  });

  it.each([
    [
      "signIn email",
      signInSchema,
      { email: "noura@", password: "walnut" },
      "email",
      "Invalid email address",
      "البريد الإلكتروني غير صحيح",
    ],
    [
      "signIn password",
      signInSchema,
      { email: "n@e.sa", password: "12345" },
      "password",
      "Password must be at least 6 characters",
      "يجب أن تتكوّن كلمة المرور من ٦ أحرف على الأقل",
    ],
    [
      "firstName",
      signUpSchema,
      { ...signUp, firstName: " N " },
      "firstName",
      "First name must be at least 2 characters",
      "يجب أن يتكوّن الاسم الأول من حرفين على الأقل",
    ],
    [
      "lastName",
      signUpSchema,
      { ...signUp, lastName: "A" },
      "lastName",
      "Last name must be at least 2 characters",
      "يجب أن يتكوّن اسم العائلة من حرفين على الأقل",
    ],
    ["country", signUpSchema, { ...signUp, country: "" }, "country", "Country is required", "الدولة مطلوبة"],
    [
      "confirmPassword",
      signUpFormSchema,
      { ...signUp, confirmPassword: "" },
      "confirmPassword",
      "Please confirm your password",
      "يُرجى تأكيد كلمة المرور",
    ],
    [
      "mismatch",
      signUpFormSchema,
      { ...signUp, confirmPassword: "walnuts" },
      "confirmPassword",
      "Passwords don't match",
      "كلمتا المرور غير متطابقتين",
    ],
  ] as const)("%s: the spec's message in both languages", (_name, schema, data, field, english, arabic) => {
    expect(fieldMessages(schema, data, "en")[field]).toBe(english);
    expect(fieldMessages(schema, data, "ar")[field]).toBe(arabic);
  });

  it("puts the mismatch on the confirmation field of every form that asks twice", () => {
    const reset: ResetPasswordFormInput = { password: "walnut", confirmPassword: "walnu7" };
    expect(fieldMessages(resetPasswordFormSchema, reset)).toEqual({ confirmPassword: "Passwords don't match" });
    const change: PasswordChangeFormInput = { currentPassword: "x", newPassword: "walnut", confirmPassword: "w" };
    expect(fieldMessages(passwordChangeFormSchema, change)).toMatchObject({
      confirmPassword: "Please confirm your password",
    });
  });

  it("sends the sign-up form without the confirmation", () => {
    const input: SignUpFormInput = { ...signUp, confirmPassword: "walnut" };
    const form = signUpFormSchema.parse(input);
    expect(toSignUpRequest(form)).toEqual({ ...signUp, phone: undefined });
    expect(signUpSchema.safeParse({ ...signUp, confirmPassword: "walnut" }).success).toBe(false);
  });

  it("never trims a password", () => {
    const input: SignInInput = { email: "n@e.sa", password: " walnut " };
    expect(signInSchema.parse(input).password).toBe(" walnut ");
  });

  it("updates only what is sent, and clears the phone with an empty one", () => {
    const clearPhone: AccountUpdateInput = { phone: "" };
    expect(accountUpdateSchema.parse(clearPhone)).toEqual({ phone: null });
    expect(accountUpdateSchema.parse({ country: " Oman " })).toEqual({ country: "Oman" });
    expect(fieldMessages(accountUpdateSchema, {})).toEqual({ body: "Change at least one field." });
  });

  it("takes catalog-like product ids only, at most 100", () => {
    expect(wishlistSchema.parse({ productIds: ["nawat", "sanam"] })).toEqual({ productIds: ["nawat", "sanam"] });
    expect(fieldMessages(wishlistSchema, { productIds: ["../etc"] })).toEqual({
      "productIds.0": "This product is not in the catalog.",
    });
    expect(fieldMessages(wishlistSchema, { productIds: Array.from({ length: 101 }, (_, i) => `p${i}`) })).toEqual({
      productIds: "A wishlist holds at most 100 products.",
    });
  });
});
