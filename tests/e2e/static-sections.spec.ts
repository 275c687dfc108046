import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * Static sections (issue 9) keep the server's HTML through hydration instead of being hydrated,
 * and render normally when React mounts them later: after client-side navigation and after the
 * language switch. The fixture fails any test on a console error, hydration errors included.
 */
const title = {
  en: "Good design begins with what everyone else overlooks.",
  ar: "التصميم الجيد يبدأ مما يغفل عنه الآخرون.",
};

type Marked = Window & { serverNode?: Element | null; sameDocument?: boolean };

test.beforeEach(async ({ page }) => {
  // Remember the prerendered node before any script runs, and mark this document.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as Marked).serverNode = document.querySelector('[data-testid="static-noticing"] h2');
      (window as Marked).sameDocument = true;
    });
  });
});

test("a static section keeps the server's DOM through hydration", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  const section = page.getByTestId("static-noticing");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText(title.en);
  // The very node the server sent, still in the document: React adopted it, it did not re-create it.
  expect(
    await page.evaluate(() => {
      const node = (window as Marked).serverNode;
      return Boolean(node?.isConnected && node === document.querySelector('[data-testid="static-noticing"] h2'));
    }),
  ).toBe(true);
  await expect(page.getByTestId("site-footer").getByRole("link").first()).toBeVisible();
});

test("links in a static section navigate inside the app, and the section renders after navigating back", async ({
  page,
}) => {
  await page.goto("/");
  await waitForApp(page);
  // The hero's copy is a static section: its link navigates without reloading the document.
  await page.getByTestId("hero-story").click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);
  // The footer's links too, and they bring the home page back rendered by React on the client.
  await page.getByTestId("site-footer").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);
  await expect(page.getByTestId("static-noticing").getByRole("heading", { level: 2 })).toHaveText(title.en);
  await expect(page.getByTestId("site-footer")).toContainText("Sustainability");
});

test("static sections render in the other language after the language switch", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  await page.getByTestId("language-toggle").click();
  await expect(page).toHaveURL(/\/ar$/);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);
  await expect(page.getByTestId("static-noticing").getByRole("heading", { level: 2 })).toHaveText(title.ar);
  await expect(page.getByTestId("site-footer")).toContainText("الاستدامة");
  await expect(page.getByTestId("site-footer")).not.toContainText("Sustainability");
});

test("reveals inside a static section still hide below the fold and show on scroll", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  const reveal = page.getByTestId("static-noticing").locator("[data-reveal-kind]").first();
  await expect(reveal).toHaveAttribute("data-reveal", "pending");
  await reveal.scrollIntoViewIfNeeded();
  await expect(reveal).toHaveAttribute("data-reveal", "shown");
});
