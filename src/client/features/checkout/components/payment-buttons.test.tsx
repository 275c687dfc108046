// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "#shared/lang.ts";
import type { PaymentMethodId } from "#shared/payment-methods.ts";
import type { PaymentMethodOffer } from "../api/checkout.ts";
import ar from "../checkout.ar.ts";
import en from "../checkout.en.ts";
import { PaymentButtons } from "./payment-buttons.tsx";

const copies = { en, ar } as const;
let root: Root | undefined;
let container: HTMLElement;

async function render(
  lang: Lang,
  options: { walletReady?: boolean; offers?: PaymentMethodOffer[] | null; busy?: PaymentMethodId | null } = {},
) {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <PaymentButtons
        copy={copies[lang]}
        lang={lang}
        offers={options.offers ?? null}
        walletReady={options.walletReady ?? false}
        busy={options.busy ?? null}
        onPay={() => {}}
      />,
    );
  });
}

const buttons = () => [...container.querySelectorAll<HTMLButtonElement>("button")];
const byTestId = (id: string) => container.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe("PaymentButtons (one per method of the registry)", () => {
  it("shows Apple Pay only where the browser can pay with it", async () => {
    await render("en");
    expect(buttons().map((button) => button.dataset.testid)).toEqual(["pay-credit-card", "pay-tamara", "pay-tabby"]);
    act(() => root?.unmount());
    container.remove();
    await render("en", { walletReady: true });
    expect(buttons().map((button) => button.dataset.testid)).toEqual([
      "pay-apple-pay",
      "pay-credit-card",
      "pay-tamara",
      "pay-tabby",
    ]);
  });

  it("says each method in the page's language, the card's brands for screen readers", async () => {
    await render("ar", { walletReady: true });
    const label = (id: string) => byTestId(id)?.querySelector("span")?.textContent;
    expect(label("pay-apple-pay")).toBe("ادفع عبر Apple Pay");
    expect(label("pay-credit-card")).toBe("ادفع بالبطاقة");
    expect(label("pay-tamara")).toBe("ادفع عبر تمارا");
    expect(label("pay-tabby")).toBe("ادفع عبر تابي");
    expect(byTestId("pay-credit-card")?.querySelector(".sr-only")?.textContent).toBe("مدى وفيزا وماستركارد");
    expect(byTestId("pay-tamara")?.querySelector(".sr-only")).toBeNull();
  });

  it("gives the instalment methods their count, and the amount once the server has priced it", async () => {
    await render("en", {
      offers: [
        { id: "tamara", available: true, instalment: { count: 4, amountHalalas: 10_550 } },
        { id: "tabby", available: true },
      ],
    });
    expect(byTestId("instalments-tamara")?.textContent).toBe(
      "4 interest-free monthly instalments of \u2068105.50 SAR\u2069",
    );
    expect(byTestId("instalments-tabby")?.textContent).toBe("4 interest-free monthly instalments");
    expect(byTestId("instalments-credit-card")).toBeNull();
    act(() => root?.unmount());
    container.remove();
    await render("ar", {
      offers: [{ id: "tamara", available: true, instalment: { count: 4, amountHalalas: 10_550 } }],
    });
    expect(byTestId("instalments-tamara")?.textContent).toBe(
      "قسّمها على ٤ دفعات شهرية بلا فوائد، قيمة كل دفعة \u2068١٠٥٫٥٠ ريال\u2069",
    );
  });

  it("disables a method the server does not offer, and all of them while one is processing", async () => {
    await render("en", { offers: [{ id: "tabby", available: false }] });
    expect(byTestId("pay-tabby")?.disabled).toBe(true);
    expect(byTestId("pay-tabby")?.textContent).toContain("Not available for this order");
    expect(byTestId("pay-tamara")?.disabled).toBe(false);
    act(() => root?.unmount());
    container.remove();
    await render("en", { busy: "tamara" });
    expect(buttons().every((button) => button.disabled)).toBe(true);
    expect(byTestId("pay-tamara")?.getAttribute("aria-busy")).toBe("true");
    expect(container.querySelector('[role="status"]')?.textContent).toBe("Processing your payment...");
  });
});
