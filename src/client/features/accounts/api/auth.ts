import { apiJson, apiRequest } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { ForgotPasswordRequest, SignInRequest, toSignUpRequest } from "#shared/schemas/auth.ts";
import type { AuthAnswer } from "../lib/complete-sign-in.ts";

/**
 * The account's way in and its e-mailed links (spec §3, §5): plain calls, made from the forms'
 * submit handlers. Each sends `lang`, so the server's messages and e-mails are in the page's
 * language.
 */

/** POST /api/auth/signin: sets the session cookie. */
export function signIn(values: SignInRequest, lang: Lang): Promise<AuthAnswer> {
  return apiJson<AuthAnswer>("POST", "/api/auth/signin", { ...values, lang });
}

/** POST /api/auth/signup: creates the account and signs it in. */
export function signUp(request: ReturnType<typeof toSignUpRequest>, lang: Lang): Promise<AuthAnswer> {
  return apiJson<AuthAnswer>("POST", "/api/auth/signup", { ...request, lang });
}

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export async function requestPasswordReset(values: ForgotPasswordRequest, lang: Lang): Promise<void> {
  await apiRequest("POST", "/api/auth/forgot-password", { ...values, lang });
}

/** POST /api/auth/reset-password: the e-mailed token and the new password. */
export async function resetPassword(token: string, password: string, lang: Lang): Promise<void> {
  await apiRequest("POST", "/api/auth/reset-password", { token, password, lang });
}

/** POST /api/auth/verify-email: the e-mailed token; the answer may carry the fresher user. */
export function verifyEmail(token: string, lang: Lang): Promise<{ message?: string; user?: unknown }> {
  return apiJson<{ message?: string; user?: unknown }>("POST", "/api/auth/verify-email", { token, lang });
}

/** POST /api/auth/resend-verification: a new link to the signed-in account's address. */
export function resendVerification(lang: Lang): Promise<{ message?: string }> {
  return apiJson<{ message?: string }>("POST", "/api/auth/resend-verification", { lang });
}
