import type { Page } from "@playwright/test";
import { services } from "#content/services.ts";
import { expect, expectAccessible, test, waitForApp } from "./fixtures.ts";

/** Contact, services and the proposal wizard (issue 10), in English and Arabic. */
const languages = [
  {
    lang: "en",
    prefix: "",
    home: "/",
    contact: {
      title: "Let's talk about products.",
      name: "Name",
      email: "Email",
      message: "Message",
      send: "Send Message",
      sent: "Message sent successfully!",
      failed: "Error sending message",
      failedBody: "Please try again later.",
      messageMin: "Message must be at least 10 characters",
    },
    services: {
      title: "Services",
      learnMore: "Learn More",
      request: "Request Service",
      whatsapp: "WhatsApp Direct Message",
      // The spec's prefilled message, naming the service by its English title.
      whatsappMessage: (service: (typeof services)[number]) =>
        `Hello! I'm interested in your ${service.titleEn} service. Could you please provide more information?`,
      dialog: "Request Service",
      name: "Name",
      firmName: "Firm name",
      email: "Email",
      contactNumber: "Contact number",
      send: "Send Request",
      sent: "Service request sent successfully!",
      sentBody: "We'll get back to you within 24 hours.",
      failed: "Error sending request",
      nameRequired: "Name is required",
      firmRequired: "Firm name is required",
      close: "Close",
    },
    proposal: {
      personal: "Personal Information",
      project: "Project Details",
      requirements: "Custom Requirements",
      name: "Full name",
      email: "Email",
      phone: "Phone",
      next: "Next",
      previous: "Previous",
      send: "Send",
      nameRequired: "Name is required",
      phoneRequired: "Phone number is required",
      emailInvalid: "Please enter a valid email address",
      thanks: "Thank you!",
      home: "Back to Home",
      error: "Error",
      errorBody: "There was an error sending your request. Please try again.",
    },
  },
  {
    lang: "ar",
    prefix: "/ar",
    home: "/ar",
    contact: {
      title: "لنتحدث عن منتجاتنا.",
      name: "الاسم",
      email: "البريد الإلكتروني",
      message: "رسالتك",
      send: "أرسل الرسالة",
      sent: "وصلتنا رسالتك بنجاح!",
      failed: "تعذّر إرسال الرسالة",
      failedBody: "يُرجى المحاولة مرة أخرى لاحقًا.",
      messageMin: "يجب أن تتكوّن الرسالة من ١٠ أحرف على الأقل",
    },
    services: {
      title: "خدماتنا",
      learnMore: "اعرف المزيد",
      request: "اطلب الخدمة",
      whatsapp: "راسلنا مباشرة عبر واتساب",
      // The same message in Arabic from an Arabic page, naming the service by its Arabic title.
      whatsappMessage: (service: (typeof services)[number]) =>
        `مرحبًا! أودّ الاستفسار عن خدمة «${service.titleAr}» لديكم. هل يمكنكم تزويدي بمزيد من المعلومات؟`,
      dialog: "طلب خدمة",
      name: "الاسم",
      firmName: "اسم الشركة",
      email: "البريد الإلكتروني",
      contactNumber: "رقم التواصل",
      send: "إرسال الطلب",
      sent: "وصلنا طلبك بنجاح!",
      sentBody: "سنتواصل معك خلال ٢٤ ساعة.",
      failed: "تعذّر إرسال الطلب",
      nameRequired: "الاسم مطلوب",
      firmRequired: "اسم الشركة مطلوب",
      close: "إغلاق",
    },
    proposal: {
      personal: "بياناتك",
      project: "تفاصيل المشروع",
      requirements: "متطلباتك الخاصة",
      name: "الاسم الكامل",
      email: "البريد الإلكتروني",
      phone: "رقم الجوال",
      next: "التالي",
      previous: "السابق",
      send: "إرسال",
      nameRequired: "الاسم مطلوب",
      phoneRequired: "رقم الجوال مطلوب",
      emailInvalid: "يُرجى إدخال بريد إلكتروني صحيح",
      thanks: "شكرًا لك!",
      home: "العودة إلى الرئيسية",
      error: "خطأ",
      errorBody: "حدث خطأ أثناء إرسال طلبك. يُرجى المحاولة مرة أخرى.",
    },
  },
] as const;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

const toast = (page: Page) => page.getByTestId("toast-viewport");

/** Answers the next call to `path` with a 500, and declares that failure expected. */
async function failNext(page: Page, allow: (p: RegExp) => void, path: string) {
  allow(new RegExp(`500 .*${path}`));
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":{"code":"internal","message":"x"}}',
    }),
  );
}

for (const l of languages) {
  test.describe(`contact (${l.lang})`, () => {
    test("sends the form, shows the toast and resets; a short message is refused under its field", async ({ page }) => {
      await open(page, `${l.prefix}/contact`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.contact.title);
      const form = page.getByRole("form");
      await form.getByLabel(l.contact.name, { exact: true }).fill("Sara Al-Qahtani");
      await form.getByLabel(l.contact.email, { exact: true }).fill("sara@example.com");
      await form.getByLabel(l.contact.message, { exact: true }).fill("Too short");
      await form.getByRole("button", { name: l.contact.send }).click();
      await expect(page.getByTestId("message-error")).toHaveText(l.contact.messageMin);
      await expect(form.getByLabel(l.contact.message, { exact: true })).toHaveAttribute("aria-invalid", "true");

      await form
        .getByLabel(l.contact.message, { exact: true })
        .fill("We would like 40 date bowls for our guests in Ramadan.");
      const request = page.waitForRequest((r) => r.url().endsWith("/api/inquiries") && r.method() === "POST");
      await form.getByRole("button", { name: l.contact.send }).click();
      expect((await request).postDataJSON()).toMatchObject({
        name: "Sara Al-Qahtani",
        email: "sara@example.com",
        message: "We would like 40 date bowls for our guests in Ramadan.",
        lang: l.lang,
      });
      await expect(toast(page)).toContainText(l.contact.sent);
      await expect(form.getByLabel(l.contact.name, { exact: true })).toHaveValue("");
      await expect(form.getByLabel(l.contact.email, { exact: true })).toHaveValue("");
      await expect(form.getByLabel(l.contact.message, { exact: true })).toHaveValue("");
    });

    test("a failure shows the destructive toast and keeps what was typed", async ({ page, problems }) => {
      await open(page, `${l.prefix}/contact`);
      await failNext(page, problems.allow, "/api/inquiries");
      problems.allow(/Failed to load resource/);
      const form = page.getByRole("form");
      await form.getByLabel(l.contact.name, { exact: true }).fill("Sara");
      await form.getByLabel(l.contact.email, { exact: true }).fill("sara@example.com");
      await form.getByLabel(l.contact.message, { exact: true }).fill("A message that is long enough.");
      await form.getByRole("button", { name: l.contact.send }).click();
      await expect(toast(page)).toContainText(l.contact.failed);
      await expect(toast(page)).toContainText(l.contact.failedBody);
      await expect(form.getByLabel(l.contact.name, { exact: true })).toHaveValue("Sara");
    });

    test("channels come from the configuration; phone and e-mail read left to right", async ({ page }) => {
      await open(page, `${l.prefix}/contact`);
      await expect(page.getByTestId("contact-whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\/\d{8,15}$/);
      await expect(page.getByTestId("contact-whatsapp")).toHaveAttribute("target", "_blank");
      await expect(page.getByTestId("contact-phone")).toHaveAttribute("href", /^tel:\+?\d+$/);
      await expect(page.getByTestId("contact-instagram")).toHaveAttribute(
        "href",
        /^https:\/\/(www\.)?instagram\.com\//,
      );
      await expect(page.getByTestId("contact-tiktok")).toHaveAttribute("href", /^https:\/\/(www\.)?tiktok\.com\//);
      await expect(page.getByTestId("contact-phone").locator("bdi")).toHaveAttribute("dir", "ltr");
      await expect(page.getByTestId("contact-email").locator("bdi")).toHaveAttribute("dir", "ltr");
    });
  });

  test.describe(`services (${l.lang})`, () => {
    test("cards preview 100 characters with an ellipsis; the dialog has the full text and the WhatsApp link", async ({
      page,
    }) => {
      await open(page, `${l.prefix}/services`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.services.title);
      const cards = page.getByTestId("service-card");
      await expect(cards).toHaveCount(5);
      for (const [i, service] of services.entries()) {
        const full = l.lang === "ar" ? service.descriptionAr : service.descriptionEn;
        const preview = (await cards.nth(i).getByTestId("service-preview").textContent()) ?? "";
        expect(preview.endsWith("…")).toBe(true);
        expect(full.startsWith(preview.slice(0, -1))).toBe(true);
        expect(Array.from(preview.slice(0, -1)).length).toBeLessThanOrEqual(100);
        // Every full description is in the prerendered page, under its anchor.
        await expect(page.locator(`[id="${service.slug}"]`)).toContainText(full);
      }

      const second = services[1];
      await cards
        .nth(1)
        .getByRole("link", { name: new RegExp(l.services.learnMore) })
        .click();
      const dialog = page.getByTestId("service-detail");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading")).toHaveText(l.lang === "ar" ? second.titleAr : second.titleEn);
      await expect(dialog.getByTestId("service-description")).toHaveText(
        l.lang === "ar" ? second.descriptionAr : second.descriptionEn,
      );
      const message = l.services.whatsappMessage(second);
      const whatsapp = dialog.getByRole("link", { name: new RegExp(l.services.whatsapp) });
      await expect(whatsapp).toHaveAttribute("href", `https://wa.me/966500000000?text=${encodeURIComponent(message)}`);
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      await expectAccessible(page);
      await dialog.getByRole("button", { name: l.services.close }).click();
      await expect(dialog).toHaveCount(0);
      // Focus returns to the card that opened it.
      await expect(cards.nth(1).getByRole("link")).toBeFocused();
    });

    test("Request Service opens the form: checked on submit, sends the three-line message, toasts and closes", async ({
      page,
    }) => {
      await open(page, `${l.prefix}/services`);
      const service = services[0];
      await page.getByTestId("service-card").first().getByRole("link").click();
      await page.getByTestId("service-detail").getByRole("button", { name: l.services.request }).click();
      await expect(page.getByTestId("service-detail")).toHaveCount(0);
      const dialog = page.getByTestId("service-request-dialog");
      await expect(dialog.getByRole("heading", { name: l.services.dialog })).toBeVisible();
      const serviceField = dialog.getByRole("textbox").last();
      await expect(serviceField).toHaveValue(`${service.titleEn} | ${service.titleAr}`);
      await expect(serviceField).toHaveAttribute("readonly", "");
      await expect(dialog.getByLabel(l.services.contactNumber, { exact: true })).toHaveAttribute(
        "placeholder",
        /^\+966/,
      );

      await dialog.getByRole("button", { name: l.services.send }).click();
      await expect(dialog.getByTestId("name-error")).toHaveText(l.services.nameRequired);
      await expect(dialog.getByTestId("firmName-error")).toHaveText(l.services.firmRequired);
      await expectAccessible(page);

      await dialog.getByLabel(l.services.name, { exact: true }).fill("Faisal");
      await dialog.getByLabel(l.services.firmName, { exact: true }).fill("Diriyah Events");
      await dialog.getByLabel(l.services.email, { exact: true }).fill("faisal@example.com");
      await dialog.getByLabel(l.services.contactNumber, { exact: true }).fill("+966 50 123 4567");
      const request = page.waitForRequest((r) => r.url().endsWith("/api/inquiries") && r.method() === "POST");
      await dialog.getByRole("button", { name: l.services.send }).click();
      const body = (await request).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        kind: "service_request",
        serviceId: service.id,
        name: "Faisal",
        email: "faisal@example.com",
        lang: l.lang,
      });
      expect(body.message).toBe(
        `Service Request: ${service.titleEn} | ${service.titleAr}\nFirm: Diriyah Events\nContact: +966 50 123 4567`,
      );
      await expect(toast(page)).toContainText(l.services.sent);
      await expect(toast(page)).toContainText(l.services.sentBody);
      await expect(dialog).toHaveCount(0);
    });

    test("a failed request shows the destructive toast", async ({ page, problems }) => {
      await open(page, `${l.prefix}/services`);
      await failNext(page, problems.allow, "/api/inquiries");
      problems.allow(/Failed to load resource/);
      await page.getByTestId("service-card").nth(2).getByRole("link").click();
      await page.getByTestId("service-detail").getByRole("button", { name: l.services.request }).click();
      const dialog = page.getByTestId("service-request-dialog");
      await dialog.getByLabel(l.services.name, { exact: true }).fill("Faisal");
      await dialog.getByLabel(l.services.firmName, { exact: true }).fill("Diriyah Events");
      await dialog.getByLabel(l.services.email, { exact: true }).fill("faisal@example.com");
      await dialog.getByLabel(l.services.contactNumber, { exact: true }).fill("+966 50 123 4567");
      await dialog.getByRole("button", { name: l.services.send }).click();
      await expect(toast(page)).toContainText(l.services.failed);
      await expect(dialog).toBeVisible();
    });
  });

  test.describe(`proposal (${l.lang})`, () => {
    test("Next refuses an empty step 1 with messages under the fields", async ({ page }) => {
      await open(page, `${l.prefix}/proposal`);
      const wizard = page.getByTestId("proposal-wizard");
      await expect(wizard.getByRole("heading", { level: 2 })).toHaveText(l.proposal.personal);
      await expect(page.getByTestId("proposal-steps").locator('[aria-current="step"]')).toContainText(
        l.proposal.personal,
      );
      await wizard.getByRole("button", { name: l.proposal.next }).click();
      await expect(wizard).toHaveAttribute("data-step", "1");
      await expect(page.getByTestId("name-error")).toHaveText(l.proposal.nameRequired);
      await expect(page.getByTestId("email-error")).toHaveText(l.proposal.emailInvalid);
      await expect(page.getByTestId("phone-error")).toHaveText(l.proposal.phoneRequired);
      await expect(page.getByTestId("company-error")).toHaveCount(0);
      await expect(wizard.getByLabel(l.proposal.name)).toBeFocused();
      await expectAccessible(page);
    });

    test("keyboard only, to the thank-you screen with its reference; Previous and a reload keep the values", async ({
      page,
    }) => {
      await open(page, `${l.prefix}/proposal?product=sanam`);
      const wizard = page.getByTestId("proposal-wizard");
      await wizard.getByLabel(l.proposal.name).focus();
      await page.keyboard.type("Noura Al-Saud");
      await page.keyboard.press("Tab");
      await page.keyboard.type("noura@example.com");
      await page.keyboard.press("Tab");
      await page.keyboard.type("+966 55 000 1111");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Al-Saud Hospitality");
      await page.keyboard.press("Enter");

      // Step 2: the focus is on its heading; the product came from the link.
      await expect(wizard).toHaveAttribute("data-step", "2");
      await expect(wizard.getByRole("heading", { level: 2 })).toBeFocused();
      await expect(page.getByTestId("proposal-steps").locator('[aria-current="step"]')).toContainText(
        l.proposal.project,
      );
      await expect(wizard.locator('select[name="productInterest"]')).toHaveValue("sanam");
      await page.keyboard.press("Tab"); // product (already chosen)
      await page.keyboard.press("Tab"); // project type
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Tab");
      await page.keyboard.type("200 pieces");
      await page.keyboard.press("Tab");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Tab");
      await page.keyboard.press("ArrowDown");
      await expect(wizard.locator('select[name="projectType"]')).toHaveValue("customization");
      await expect(wizard.locator('select[name="budget"]')).toHaveValue("5k-15k");
      await expect(wizard.locator('select[name="timeline"]')).toHaveValue("urgent");

      // Previous keeps step 1's values; a reload keeps everything, on the same step.
      await page.keyboard.press("Tab");
      await expect(wizard.getByRole("button", { name: l.proposal.previous })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(wizard).toHaveAttribute("data-step", "1");
      await expect(wizard.getByLabel(l.proposal.name)).toHaveValue("Noura Al-Saud");
      await expect(wizard.getByLabel(l.proposal.phone)).toHaveValue("+966 55 000 1111");
      await page.reload();
      await waitForApp(page);
      await expect(wizard).toHaveAttribute("data-step", "1");
      await expect(wizard.getByLabel(l.proposal.email)).toHaveValue("noura@example.com");
      await wizard.getByRole("button", { name: l.proposal.next }).focus();
      await page.keyboard.press("Enter");
      await expect(wizard).toHaveAttribute("data-step", "2");
      await expect(wizard.locator('select[name="budget"]')).toHaveValue("5k-15k");
      await expect(wizard.locator('input[name="quantity"]')).toHaveValue("200 pieces");
      await wizard.getByRole("button", { name: l.proposal.next }).focus();
      await page.keyboard.press("Enter");

      // Step 3, then Send.
      await expect(wizard).toHaveAttribute("data-step", "3");
      await expect(wizard.getByRole("heading", { level: 2 })).toBeFocused();
      await page.keyboard.press("Tab");
      await page.keyboard.type("Engrave our logo under each holder, gift boxes in green.");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab"); // Previous
      await page.keyboard.press("Tab"); // Send
      await expect(wizard.getByRole("button", { name: l.proposal.send, exact: true })).toBeFocused();
      const request = page.waitForRequest((r) => r.url().endsWith("/api/proposals") && r.method() === "POST");
      await page.keyboard.press("Enter");
      expect((await request).postDataJSON()).toMatchObject({
        name: "Noura Al-Saud",
        email: "noura@example.com",
        phone: "+966 55 000 1111",
        company: "Al-Saud Hospitality",
        productInterest: "sanam",
        projectType: "customization",
        quantity: "200 pieces",
        budget: "5k-15k",
        timeline: "urgent",
        customRequirements: "Engrave our logo under each holder, gift boxes in green.",
        lang: l.lang,
      });

      const thanks = page.getByTestId("proposal-thanks");
      await expect(thanks.getByRole("heading", { name: l.proposal.thanks })).toBeFocused();
      await expect(page.getByTestId("proposal-reference")).toHaveText(/^MNT-\d{6}$/);
      await expectAccessible(page);
      // The draft is gone: a new visit starts empty.
      expect(await page.evaluate(() => sessionStorage.getItem("proposal-draft"))).toBeNull();
      await page.keyboard.press("Tab");
      await expect(thanks.getByRole("link", { name: l.proposal.home })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${l.home === "/" ? "/" : "/ar"}$`));
    });

    test("a server error shows the error toast and keeps the wizard", async ({ page, problems }) => {
      await open(page, `${l.prefix}/proposal`);
      await page.evaluate(() =>
        sessionStorage.setItem(
          "proposal-draft",
          JSON.stringify({
            step: 3,
            values: {
              name: "Noura",
              email: "noura@example.com",
              phone: "+966550001111",
              company: "",
              productInterest: "nawat",
              projectType: "bulk_order",
              quantity: "50",
              budget: "15k-50k",
              timeline: "standard",
              customRequirements: "Fifty bowls for a wedding.",
              additionalNotes: "",
            },
          }),
        ),
      );
      await page.reload();
      await waitForApp(page);
      await failNext(page, problems.allow, "/api/proposals");
      problems.allow(/Failed to load resource/);
      const wizard = page.getByTestId("proposal-wizard");
      await expect(wizard).toHaveAttribute("data-step", "3");
      await wizard.getByRole("button", { name: l.proposal.send, exact: true }).click();
      await expect(toast(page)).toContainText(l.proposal.error);
      await expect(toast(page)).toContainText(l.proposal.errorBody);
      await expect(wizard).toHaveAttribute("data-step", "3");
      await expect(wizard.getByRole("button", { name: l.proposal.send, exact: true })).toBeEnabled();
    });
  });
}

for (const path of ["/contact", "/services", "/proposal"]) {
  test(`${path} (en and ar): no serious or critical accessibility violations`, async ({ page }) => {
    for (const prefix of ["", "/ar"]) {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, `${prefix}${path}`);
      await expectAccessible(page);
    }
  });

  test(`/ar${path}: no English left in the visible text`, async ({ page }) => {
    await open(page, `/ar${path}`);
    if (path === "/services") {
      // The dialogs too: the detail of a service and the request form.
      await page.getByTestId("service-card").first().getByRole("link").click();
      expect(await englishWords(page)).toEqual([]);
      await page.getByTestId("service-detail").getByRole("button").first().click();
      await expect(page.getByTestId("service-request-dialog")).toBeVisible();
      await page.getByTestId("service-request-dialog").getByRole("button", { name: "إرسال الطلب" }).click();
    }
    if (path === "/proposal") {
      await page.getByTestId("proposal-wizard").getByRole("button", { name: "التالي" }).click();
    }
    expect(await englishWords(page)).toEqual([]);
  });
}

/**
 * Latin words in the visible text, labels and titles of the page (and any open dialog), minus
 * e-mail addresses, URLs, text marked lang="en" (the language toggle) and text hidden from
 * everyone (the forms' honeypot).
 */
async function englishWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[lang="en"], script, style, [hidden], [aria-hidden="true"]')) continue;
      if (parent.closest("dialog:not([open])")) continue;
      found.push(node.textContent ?? "");
    }
    for (const el of document.querySelectorAll("[alt], [aria-label], [title], [placeholder], option")) {
      if (el.closest('[lang="en"]')) continue;
      for (const name of ["alt", "aria-label", "title", "placeholder"]) {
        const value = el.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  const withoutAddresses = texts.map((t) => t.replace(/\S+@\S+\.\S+/g, " ").replace(/https?:\/\/\S+/g, " "));
  // Two or more Latin letters make a word; the phone pattern's X placeholders are not words.
  return withoutAddresses.flatMap((t) => t.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !/^X+$/.test(w));
}

test.describe("testimonials on the home page", () => {
  for (const l of languages) {
    test(`${l.home}: shown from GET /api/testimonials when scrolled near, outside the first load`, async ({ page }) => {
      let asked = false;
      page.on("request", (r) => {
        if (r.url().endsWith("/api/testimonials")) asked = true;
      });
      await page.goto(l.home);
      // Not in the prerendered page, nor among the modules it loads first, nor asked for at start.
      expect(await page.getByTestId("testimonials").count()).toBe(0);
      const preload = (await page.locator("script[data-entry]").getAttribute("data-preload")) ?? "";
      expect(preload).not.toMatch(/testimonial/i);
      await waitForApp(page);
      await page.waitForLoadState("networkidle");
      expect(asked).toBe(false);
      const response = page.waitForResponse((r) => r.url().endsWith("/api/testimonials"));
      await page.locator("footer").scrollIntoViewIfNeeded();
      const body = (await (await response).json()) as { testimonials: { quote: string; quoteAr: string }[] };
      const section = page.getByTestId("testimonials");
      if (body.testimonials.length === 0) {
        await expect(section).toHaveCount(0);
        return;
      }
      await section.scrollIntoViewIfNeeded();
      await expect(section.locator("blockquote")).toHaveCount(body.testimonials.length);
      await expect(section.locator("blockquote").first()).toContainText(
        l.lang === "ar" ? body.testimonials[0]!.quoteAr : body.testimonials[0]!.quote,
      );
    });
  }

  test("nothing is shown when there are none or the request fails", async ({ page, problems }) => {
    await page.route("**/api/testimonials", (route) => route.fulfill({ json: { testimonials: [] } }));
    await open(page, "/");
    await page.waitForTimeout(1000);
    await expect(page.getByTestId("testimonials")).toHaveCount(0);

    problems.allow(/500 .*\/api\/testimonials/);
    problems.allow(/Failed to load resource/);
    await page.route("**/api/testimonials", (route) => route.fulfill({ status: 500, body: "" }));
    await open(page, "/ar");
    await page.waitForTimeout(1000);
    await expect(page.getByTestId("testimonials")).toHaveCount(0);
  });
});
