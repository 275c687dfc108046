import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * The header reads the auth store (src/client/lib/auth-store.ts). Prerendered pages are always
 * signed out; a stored user shows right after hydration without a hydration mismatch (the
 * fixture fails the test on any console error).
 */
test("signed out, the account button is the sign-in link", async ({ page }) => {
  await page.goto("/ar");
  await waitForApp(page);
  const account = page.getByTestId("account-button");
  await expect(account).toHaveAttribute("href", "/ar/auth");
  await expect(account).toHaveAttribute("data-signed-in", "false");
});

test("a stored user is shown after hydration, and signing out in another tab follows", async ({ page, context }) => {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem(
        "auth-storage",
        JSON.stringify({
          user: { firstName: "Noura", lastName: "Alharbi", email: "noura@example.com", isAdmin: false },
          isAuthenticated: true,
        }),
      );
      sessionStorage.setItem("seeded", "1");
    }
  });
  // The server confirms the stored user at start (a real session is tests/e2e/accounts.spec.ts's business).
  await context.route("**/api/auth/me", (route) =>
    route.fulfill({
      json: { firstName: "Noura", lastName: "Alharbi", email: "noura@example.com", isAdmin: false },
    }),
  );
  await page.goto("/");
  await waitForApp(page);
  const account = page.getByTestId("account-button");
  await expect(account).toHaveAttribute("data-signed-in", "true");
  await expect(account).toHaveText("N");
  await expect(account).toHaveAccessibleName("Signed in as Noura Alharbi");

  // Another tab of the site signs out: the stored user goes. That tab runs no app here: an app
  // tab would still hold the user in memory and re-store it when its own session check answers
  // (the app signs out through setAuth, which updates both).
  const other = await context.newPage();
  await other.goto("/robots.txt");
  await other.evaluate(() => localStorage.removeItem("auth-storage"));
  await expect(account).toHaveAttribute("data-signed-in", "false");
});
