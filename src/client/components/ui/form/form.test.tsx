// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { useForm } from "react-hook-form";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { I18nProvider } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import { directionOf, type Lang } from "#shared/lang.ts";
import { TextAreaField, TextField, SelectField } from "./field.tsx";
import { Form, FormError, SubmitButton } from "./form.tsx";

const key = (k: MessageKey) => k;
const schema = z.object({
  name: z.string().min(1, key("fontAnalysis.image.required")),
  email: z.email(key("fontAnalysis.image.type")),
  note: z.string(),
  kind: z.string(),
});
type Values = z.infer<typeof schema>;

function TestForm(props: { onSubmit: (values: Values) => Promise<unknown> }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", email: "", note: "", kind: "" },
  });
  return (
    <Form form={form} onSubmit={props.onSubmit}>
      <TextField name="name" label="Name" hint="As on your ID" autoComplete="name" />
      <TextField name="email" type="email" label="E-mail" />
      <TextAreaField name="note" label="Note" />
      <SelectField name="kind" label="Kind" placeholder="Choose" options={[{ value: "a", label: "A" }]} />
      <FormError />
      <SubmitButton pendingLabel="Sending…">Send</SubmitButton>
    </Form>
  );
}

const catalogs = { en, ar } as const;
let root: Root | undefined;
let container: HTMLElement;

async function render(lang: Lang, onSubmit: (values: Values) => Promise<unknown> = async () => undefined) {
  container = document.createElement("div");
  container.dir = directionOf(lang);
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <I18nProvider lang={lang} messages={catalogs[lang]}>
        <TestForm onSubmit={onSubmit} />
      </I18nProvider>,
    );
  });
}

const control = (label: string) => {
  const labelElement = [...container.querySelectorAll("label")].find((l) => l.textContent === label)!;
  return container.querySelector<HTMLElement>(`#${CSS.escape(labelElement.htmlFor)}`)!;
};
const descriptions = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

/** Types like a person: through the prototype's setter, which React's change tracking notices. */
async function type(element: HTMLElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, "value")!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
async function submit() {
  await act(async () => {
    container.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe.each(["en", "ar"] as const)("a form field in %s", (lang) => {
  it("labels its control, is described by its hint, and is not invalid before a submission", async () => {
    await render(lang);
    const name = control("Name");
    expect(name.tagName).toBe("INPUT");
    expect(descriptions(name)).toEqual(["As on your ID"]);
    expect(name.hasAttribute("aria-invalid")).toBe(false);
    expect(control("Note").hasAttribute("aria-describedby")).toBe(false);
    expect(container.querySelector("form")!.noValidate).toBe(true);
  });

  it("keeps e-mail left to right in both languages and leaves the others to the page's direction", async () => {
    await render(lang);
    expect(control("E-mail").getAttribute("dir")).toBe("ltr");
    expect(control("E-mail").className).toContain("text-start");
    for (const label of ["Name", "Note", "Kind"]) expect(control(label).hasAttribute("dir")).toBe(false);
    expect(container.dir).toBe(lang === "ar" ? "rtl" : "ltr");
  });

  it("shows the schema's message in the page's language under the field, described and invalid", async () => {
    await render(lang);
    await submit();
    const name = control("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(descriptions(name)).toEqual(["As on your ID", catalogs[lang].fontAnalysis.image.required]);
    const email = control("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(descriptions(email)).toEqual([catalogs[lang].fontAnalysis.image.type]);
    // The error sits right under its control.
    expect(email.nextElementSibling?.textContent).toBe(catalogs[lang].fontAnalysis.image.type);
    expect(control("Note").hasAttribute("aria-invalid")).toBe(false);

    await type(name, "Noura");
    expect(name.hasAttribute("aria-invalid")).toBe(false);
    expect(descriptions(name)).toEqual(["As on your ID"]);
  });
});

describe("a submission", () => {
  const valid = async () => {
    await type(control("Name"), "Noura");
    await type(control("E-mail"), "noura@example.com");
  };

  it("shows the pending label and is busy until the submission settles", async () => {
    let finish!: () => void;
    await render("en", () => new Promise<void>((resolve) => (finish = resolve)));
    await valid();
    await submit();
    const button = container.querySelector("button")!;
    expect(button.textContent).toBe("Sending…");
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    await act(async () => finish());
    expect(button.textContent).toBe("Send");
    expect(button.disabled).toBe(false);
  });

  it("puts the server's 400 field messages under the same fields, as the server wrote them", async () => {
    const body = {
      error: {
        code: "invalid_request",
        message: "البريد الإلكتروني مستخدم",
        fields: { email: "البريد الإلكتروني مستخدم" },
      },
    };
    await render("ar", async () => {
      throw new ApiError(400, JSON.stringify(body), "Bad Request");
    });
    await valid();
    await submit();
    const email = control("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(descriptions(email)).toEqual(["البريد الإلكتروني مستخدم"]);
    expect(document.activeElement).toBe(email);
    expect(container.querySelector('[role="alert"]')!.textContent).toBe("");
  });

  it("shows a refusal that names no field of the form above the button, and a lost connection in the page's language", async () => {
    const body = { error: { code: "rate_limited", message: "Too many requests." } };
    await render("en", async () => {
      throw new ApiError(429, JSON.stringify(body), "Too Many Requests");
    });
    await valid();
    await submit();
    expect(container.querySelector('[role="alert"]')!.textContent).toBe("Too many requests.");
    act(() => root?.unmount());
    container.remove();

    await render("ar", async () => {
      throw new TypeError("Failed to fetch");
    });
    await valid();
    await submit();
    expect(container.querySelector('[role="alert"]')!.textContent).toBe(ar.errors.network);
  });
});
