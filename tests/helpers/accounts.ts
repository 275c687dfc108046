import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createAdmin } from "#server/modules/accounts/create-admin.ts";

export type TestAccount = {
  email: string;
  password: string;
  token: string;
  /** Headers that send the session as a browser would (cookie). */
  cookie: { cookie: string };
  /** Headers that send the session as an API client would (Bearer). */
  bearer: { authorization: string };
};

let counter = 0;

/** The session cookie's name as the app set it (`__Host-session` on an https SITE_URL, else `session`). */
function cookieName(response: LightMyRequestResponse): string {
  return response.cookies.find((cookie) => cookie.value && cookie.name.endsWith("session"))?.name ?? "session";
}

function account(email: string, password: string, token: string, cookie = "session"): TestAccount {
  return {
    email,
    password,
    token,
    cookie: { cookie: `${cookie}=${token}` },
    bearer: { authorization: `Bearer ${token}` },
  };
}

/** Signs a new customer up through the API (the app needs SIGNUPS_PER_HOUR above its tests' count). */
export async function signUpCustomer(
  app: FastifyInstance,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<TestAccount> {
  const body = {
    firstName: "Sara",
    lastName: "Al-Qahtani",
    email: `customer${++counter}.${process.pid}@example.sa`,
    country: "Saudi Arabia",
    password: "dates-and-walnut",
    ...fields,
  };
  const response = await app.inject({ method: "POST", url: "/api/auth/signup", payload: body, headers });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return account(body.email, body.password, response.json().token, cookieName(response));
}

/** Signs in through the API. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<TestAccount> {
  const response = await app.inject({ method: "POST", url: "/api/auth/signin", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return account(email, password, response.json().token, cookieName(response));
}

/** An admin (created as `npm run admin -- create` would) signed in through the API. */
export async function signInAdmin(app: FastifyInstance): Promise<TestAccount> {
  const email = `admin${++counter}.${process.pid}@nawat.test`;
  const password = "studio-admin-password";
  await createAdmin(app.db, { email, password, firstName: "Huda", lastName: "Al-Rashid" });
  return signIn(app, email, password);
}
