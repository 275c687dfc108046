import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** What went wrong in the page during a test: console errors and failed requests. */
export type Problems = {
  consoleErrors: string[];
  failedRequests: string[];
  /** Declares an expected failure (e.g. the 404 document of a 404 test) by pattern. */
  allow: (pattern: RegExp) => void;
};

export const test = base.extend<{ problems: Problems }>({
  problems: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: Problems = {
        consoleErrors: [],
        failedRequests: [],
        allow: (pattern) => allowed.push(pattern),
      };
      page.on("console", (message) => {
        if (message.type() === "error") problems.consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => problems.consoleErrors.push(`pageerror: ${error.message}`));
      page.on("requestfailed", (request) => {
        const reason = request.failure()?.errorText ?? "";
        // Requests cancelled because the test navigated on are not failures.
        if (reason.includes("ERR_ABORTED")) return;
        problems.failedRequests.push(`${request.method()} ${request.url()} ${reason}`);
      });
      page.on("response", (response) => {
        if (response.status() >= 400) problems.failedRequests.push(`${response.status()} ${response.url()}`);
      });

      await use(problems);

      const unexpected = (list: string[]) => list.filter((item) => !allowed.some((p) => p.test(item)));
      expect(unexpected(problems.failedRequests), "failed network requests").toEqual([]);
      expect(unexpected(problems.consoleErrors), "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(blocking, "serious or critical accessibility violations").toEqual([]);
}

/**
 * Scrolls `target` into view and waits until the scroll reveal around it (reveal.tsx) has stopped
 * moving. Playwright clicks where it found the element stable, and a reveal's slide can start a frame
 * after that: a small target (a card's zoom button) then moves from under the click.
 */
export async function revealed(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      target.evaluate((el) => {
        const reveal = el.closest<HTMLElement>("[data-reveal]");
        return !reveal || (reveal.dataset.reveal === "shown" && reveal.getAnimations().length === 0);
      }),
    )
    .toBe(true);
}

/** Waits until React has hydrated the page (the entry marks <html data-hydrated>). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export { expect };
