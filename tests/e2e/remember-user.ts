import type { APIResponse, Page } from "@playwright/test";

/**
 * What the sign-in page does after the server accepted the credentials, for tests that sign in
 * through the API: the browser remembers whom to show (lib/auth-store.ts, `auth-storage`). Pages
 * decide from it before asking the server anything (the header's menu, /admin: issue 37), as
 * they do for a visitor who signed in on the site.
 */
export async function rememberUser(page: Page, response: APIResponse): Promise<void> {
  const { user } = (await response.json()) as {
    user: { firstName: string; lastName: string; email: string; isAdmin: boolean };
  };
  const stored = JSON.stringify({
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, isAdmin: user.isAdmin },
    isAuthenticated: true,
  });
  await page.addInitScript((value) => localStorage.setItem("auth-storage", value), stored);
}
