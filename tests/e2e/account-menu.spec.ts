import type { Page } from "@playwright/test";
import adminAr from "#client/features/admin/admin.ar.ts";
import adminEn from "#client/features/admin/admin.en.ts";
import { E2E_ADMIN } from "./e2e-admin.ts";
import { expect, test, waitForApp } from "./fixtures.ts";
import { rememberUser } from "./remember-user.ts";

/**
 * The header's account menu (spec §1 header) and /admin's access (issue 37), in both languages:
 * the menu shows the full name and the e-mail above its entries and closes on an outside click
 * and on Escape; /admin knows a signed-out visitor or a customer from the session state and asks
 * no admin endpoint (the fixture also fails the test on any 4xx answer or console error).
 */
const languages = [
  {
    lang: "en",
    prefix: "",
    admin: adminEn,
    items: { dashboard: "Admin Dashboard", account: "My Account", signOut: "Sign Out" },
    signedInAs: (name: string) => `Signed in as ${name}`,
  },
  {
    lang: "ar",
    prefix: "/ar",
    admin: adminAr,
    items: { dashboard: "لوحة الإدارة", account: "حسابي", signOut: "تسجيل الخروج" },
    signedInAs: (name: string) => `مسجَّل الدخول باسم ${name}`,
  },
] as const;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A customer signed in through the API, remembered by the browser as the sign-in page does. */
async function signInCustomer(page: Page, firstName: string, lastName: string) {
  const email = `menu-${unique()}@example.sa`;
  const response = await page.request.post("/api/auth/signup", {
    data: { firstName, lastName, email, country: "Saudi Arabia", password: "dates-and-oud-2026" },
  });
  expect(response.status()).toBe(201);
  await rememberUser(page, response);
  return email;
}

/** Every request the page makes to /api/admin/. */
function adminRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/admin")) seen.push(request.url());
  });
  return seen;
}

for (const l of languages) {
  test.describe(`account menu (${l.lang})`, () => {
    test("a customer's menu: full name and e-mail above My Account and Sign Out; outside click and Escape close it", async ({
      page,
    }) => {
      const [first, last] = l.lang === "ar" ? ["لمى", "العتيبي"] : ["Lama", "Al-Otaibi"];
      const email = await signInCustomer(page, first, last);
      await page.goto(`${l.prefix}/about`);
      await waitForApp(page);

      const button = page.getByTestId("account-button");
      await expect(button).toHaveText(first[0]!);
      // The menu's own button, once its chunk is here, says who is signed in. A click at about the
      // moment the chunk replaced the placeholder did not open the menu once (session 24, CI run on a
      // fresh clone); this test is about the menu, so it clicks the button that is there to stay.
      await expect(button).toHaveAccessibleName(l.signedInAs(`${first} ${last}`));
      await button.click();
      // The name labels the menu and the e-mail describes it: assistive technology gets both too.
      const menu = page.getByRole("menu", { name: `${first} ${last}`, exact: true });
      await expect(menu).toBeVisible();
      await expect(menu).toHaveAccessibleDescription(email);
      const name = page.getByTestId("account-menu-name");
      const mail = page.getByTestId("account-menu-email");
      await expect(name).toHaveText(`${first} ${last}`);
      await expect(mail).toHaveText(email);
      await expect(menu.getByRole("menuitem")).toHaveText([l.items.account, l.items.signOut]);
      // Above the entries.
      const nameBox = (await mail.boundingBox())!;
      const firstItem = (await menu.getByRole("menuitem").first().boundingBox())!;
      expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(firstItem.y);
      await expect(menu.getByRole("menuitem", { name: l.items.account })).toHaveAttribute(
        "href",
        `${l.prefix}/account`,
      );

      // An outside click closes it.
      await page.locator("h1").click();
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(button).toHaveAttribute("aria-expanded", "false");

      // Escape closes it, also after a click on the name moved the focus out of the items.
      await button.click();
      await expect(page.getByRole("menu")).toBeVisible();
      await name.click();
      await expect(page.getByRole("menu")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(button).toBeFocused();
    });

    test("an admin's menu leads with Admin Dashboard", async ({ page }) => {
      const response = await page.request.post("/api/auth/signin", { data: E2E_ADMIN });
      expect(response.status()).toBe(200);
      await rememberUser(page, response);
      await page.goto(`${l.prefix}/contact`);
      await waitForApp(page);
      await page.getByTestId("account-button").click();
      const menu = page.getByRole("menu");
      await expect(page.getByTestId("account-menu-email")).toHaveText(E2E_ADMIN.email);
      await expect(menu.getByRole("menuitem")).toHaveText([l.items.dashboard, l.items.account, l.items.signOut]);
      await expect(menu.getByRole("menuitem", { name: l.items.dashboard })).toHaveAttribute(
        "href",
        `${l.prefix}/admin`,
      );
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
    });
  });

  test.describe(`/admin without the role (${l.lang})`, () => {
    test("signed out: the sign-in prompt, and no request to /api/admin nor a console error", async ({ page }) => {
      const requests = adminRequests(page);
      await page.goto(`${l.prefix}/admin`);
      await waitForApp(page);
      await expect(page.getByRole("heading", { name: l.admin.signIn.title })).toBeVisible();
      await expect(page.getByRole("link", { name: l.admin.signIn.action, exact: true }).last()).toHaveAttribute(
        "href",
        `${l.prefix}/auth?next=${encodeURIComponent(`${l.prefix}/admin`)}`,
      );
      // Long enough for a query that would have started after hydration to have gone out.
      await page.waitForLoadState("networkidle");
      expect(requests).toEqual([]);
    });

    test("a signed-in customer: not allowed, and no request to /api/admin", async ({ page }) => {
      const requests = adminRequests(page);
      await signInCustomer(page, "Khalid", "Al-Harbi");
      await page.goto(`${l.prefix}/admin`);
      await waitForApp(page);
      await expect(page.getByRole("heading", { name: l.admin.notAllowed.title })).toBeVisible();
      await expect(page.getByRole("tablist")).toHaveCount(0);
      await page.waitForLoadState("networkidle");
      expect(requests).toEqual([]);
    });

    test("an admin still gets the dashboard (its request is the only admin one before a tab is chosen)", async ({
      page,
    }) => {
      const requests = adminRequests(page);
      const response = await page.request.post("/api/auth/signin", { data: E2E_ADMIN });
      await rememberUser(page, response);
      await page.goto(`${l.prefix}/admin`);
      await waitForApp(page);
      await expect(page.getByRole("heading", { name: l.admin.title, level: 1 })).toBeVisible();
      expect(requests.map((url) => new URL(url).pathname)).toEqual(["/api/admin/dashboard"]);
    });
  });
}
