import { z } from "zod";
import { latinDigits } from "../i18n/format.ts";
import type { MessageKey } from "../i18n/message-key.ts";

/**
 * Accounts (spec §3, §5; DESIGN D6): sign-in, sign-up, the e-mailed links, the account page and
 * the wishlist. The API validates bodies with the request schemas; the forms validate with the
 * `*FormSchema` twins, which add the confirmation fields the client checks and never sends.
 * Maximum lengths are not in the spec: they keep a field to what a person types, and a password
 * to what argon2 should be asked to hash.
 */
export const AUTH_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  country: 100,
  /** Spec §5: at least 6 characters. */
  passwordMin: 6,
  passwordMax: 256,
  /** Spec §5: first and last name, and country, at least 2 characters. */
  nameMin: 2,
  /** E-mailed tokens are 43 characters (32 bytes, base64url); anything much longer is not one. */
  token: 128,
  wishlist: 100,
  productId: 64,
} as const;

function textField(min: number, max: number, tooShort: MessageKey, tooLong: MessageKey) {
  return z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);
}

/** The e-mail as typed (trimmed); accounts are unique regardless of case. */
export const accountEmailField = z
  .string({ error: "auth.email.invalid" })
  .trim()
  .max(AUTH_LIMITS.email, "auth.email.max")
  .pipe(z.email("auth.email.invalid"));

/** A password as typed: never trimmed (spaces are characters too). */
export const passwordField = z
  .string({ error: "auth.password.min" })
  .min(AUTH_LIMITS.passwordMin, "auth.password.min")
  .max(AUTH_LIMITS.passwordMax, "auth.password.max");

export const firstNameField = textField(
  AUTH_LIMITS.nameMin,
  AUTH_LIMITS.name,
  "auth.firstName.min",
  "auth.firstName.max",
);
export const lastNameField = textField(AUTH_LIMITS.nameMin, AUTH_LIMITS.name, "auth.lastName.min", "auth.lastName.max");
export const countryField = textField(
  AUTH_LIMITS.nameMin,
  AUTH_LIMITS.country,
  "auth.country.required",
  "auth.country.max",
);

/** Optional phone: an empty one is kept as absent; Arabic-Indic and Persian digits are kept as Western digits. */
const phoneField = z
  .string({ error: "errors.invalidValue" })
  .trim()
  .max(AUTH_LIMITS.phone, "auth.phone.max")
  .optional()
  .transform((value) => (value ? latinDigits(value) : undefined));

const confirmPasswordField = z
  .string({ error: "auth.confirmPassword.min" })
  .min(AUTH_LIMITS.passwordMin, "auth.confirmPassword.min");

/** An e-mailed token (verify, reset). An unknown, used or expired one is refused by the API. */
const tokenField = z
  .string({ error: "auth.token.invalid" })
  .trim()
  .min(1, "auth.token.invalid")
  .max(AUTH_LIMITS.token, "auth.token.invalid");

/** POST /api/auth/signin (spec §3 Sign-in, §5). */
export const signInSchema = z.strictObject({
  email: accountEmailField,
  password: passwordField,
});
export type SignInInput = z.input<typeof signInSchema>;
export type SignInRequest = z.output<typeof signInSchema>;

/** POST /api/auth/signup (spec §3 Sign-up, §5). `confirmPassword` is checked by the form only. */
export const signUpSchema = z.strictObject({
  firstName: firstNameField,
  lastName: lastNameField,
  email: accountEmailField,
  phone: phoneField,
  country: countryField,
  password: passwordField,
});
export type SignUpRequest = z.output<typeof signUpSchema>;

/** Two passwords typed twice must match; the message sits on the confirmation field (spec §5). */
function passwordsMatch<T extends z.ZodType<Record<string, unknown>>>(schema: T, password: string, confirm: string) {
  return schema.refine((value) => value[password] === value[confirm], {
    message: "auth.confirmPassword.mismatch",
    path: [confirm],
  });
}

/** The sign-up form: the request's fields plus `confirmPassword` (not sent). */
export const signUpFormSchema = passwordsMatch(
  signUpSchema.extend({ confirmPassword: confirmPasswordField }),
  "password",
  "confirmPassword",
);
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** The body the sign-up form sends: everything but the confirmation. */
export function toSignUpRequest(form: z.output<typeof signUpFormSchema>): z.input<typeof signUpSchema> {
  const { confirmPassword: _confirm, ...request } = form;
  return request;
}

/** POST /api/auth/verify-email: the token from the link's fragment. */
export const verifyEmailSchema = z.strictObject({ token: tokenField });
export type VerifyEmailRequest = z.output<typeof verifyEmailSchema>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.strictObject({ email: accountEmailField });
export type ForgotPasswordRequest = z.output<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the token from the link and the new password. */
export const resetPasswordSchema = z.strictObject({ token: tokenField, password: passwordField });
export type ResetPasswordRequest = z.output<typeof resetPasswordSchema>;

/** The reset form: the new password twice (the token comes from the URL's fragment). */
export const resetPasswordFormSchema = passwordsMatch(
  z.strictObject({ password: passwordField, confirmPassword: confirmPasswordField }),
  "password",
  "confirmPassword",
);
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/**
 * PATCH /api/account: any of the editable fields. An empty phone removes it (null); an absent
 * field is left as it is.
 */
export const accountUpdateSchema = z
  .strictObject({
    firstName: firstNameField.optional(),
    lastName: lastNameField.optional(),
    phone: z
      .string({ error: "errors.invalidValue" })
      .trim()
      .max(AUTH_LIMITS.phone, "auth.phone.max")
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value ? latinDigits(value) : null)),
    country: countryField.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "account.update.empty",
    // Only for a body that is otherwise valid: unknown fields are their own refusal.
    when: (payload) => payload.issues.length === 0,
  });
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;
export type AccountUpdateRequest = z.output<typeof accountUpdateSchema>;

/** POST /api/account/password. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: z
    .string({ error: "account.currentPassword.required" })
    .min(1, "account.currentPassword.required")
    .max(AUTH_LIMITS.passwordMax, "auth.password.max"),
  newPassword: passwordField,
});
export type PasswordChangeRequest = z.output<typeof passwordChangeSchema>;

/** The change-password form: the new password twice. */
export const passwordChangeFormSchema = passwordsMatch(
  passwordChangeSchema.extend({ confirmPassword: confirmPasswordField }),
  "newPassword",
  "confirmPassword",
);
export type PasswordChangeFormInput = z.input<typeof passwordChangeFormSchema>;

/** A product id as the catalog names it (content/catalog.ts); the account's wishlist keeps known ones. */
export const productIdField = z
  .string({ error: "account.wishlist.invalid" })
  .min(1, "account.wishlist.invalid")
  .max(AUTH_LIMITS.productId, "account.wishlist.invalid")
  .regex(/^[a-z0-9][a-z0-9-]*$/, "account.wishlist.invalid");

/** PUT /api/account/wishlist: the browser's list, merged (union) into the account's. */
export const wishlistSchema = z.strictObject({
  productIds: z
    .array(productIdField, { error: "account.wishlist.invalid" })
    .max(AUTH_LIMITS.wishlist, "account.wishlist.tooMany"),
});
export type WishlistRequest = z.output<typeof wishlistSchema>;

/** The signed-in user as every auth answer carries it (spec §3 User). */
export type AuthUserView = { firstName: string; lastName: string; email: string; isAdmin: boolean };

/** GET /api/account: the account page's data. */
export type AccountView = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  country: string;
  emailVerified: boolean;
  isAdmin: boolean;
  createdAt: string;
};

/** Sign-in and sign-up answers (spec §3): the token is for API clients; the web client drops it. */
export type AuthSuccess = { user: AuthUserView; token: string; message: string };
