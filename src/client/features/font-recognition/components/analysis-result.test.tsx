// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "#shared/lang.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import ar from "../font-recognition.ar.ts";
import en from "../font-recognition.en.ts";
import { describeAnalysis } from "../lib/describe-analysis.ts";
import { AnalysisResult } from "./analysis-result.tsx";

const sign: FontAnalysis = {
  fontFamily: "Amiri",
  fontFamilyAr: "الأميري",
  confidence: 0.87,
  inLibrary: true,
  weight: 700,
  size: 41.6,
  characteristics: ["Classical Naskh"],
  characteristicsAr: ["نسخ كلاسيكي"],
  similarFonts: [{ name: "Lateef", nameAr: "لطيف", similarity: 0.64 }],
  culturalContext: { origin: "Baghdad", originAr: "بغداد", usage: "Books", usageAr: "الكتب" },
  script: "arabic",
  otherScript: {
    fontFamily: "Roboto",
    fontFamilyAr: "روبوتو",
    confidence: 0.12,
    inLibrary: false,
    weight: 400,
    size: 24.2,
    characteristics: ["Neo-grotesque sans"],
    characteristicsAr: ["غير مذيّل حديث"],
    similarFonts: [{ name: "Inter", nameAr: "إنتر", similarity: 0.83 }],
    script: "latin",
  },
  lines: [],
};

const copies = { en, ar } as const;
let root: Root | undefined;
let container: HTMLElement;

async function render(analysis: FontAnalysis, lang: Lang) {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  const copy = copies[lang];
  await act(async () => {
    root!.render(
      <AnalysisResult
        copy={copy}
        described={describeAnalysis(analysis, lang, copy)}
        onDownload={() => {}}
        onCopy={() => {}}
      />,
    );
  });
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
/** The section a heading names (aria-labelledby), as a screen reader would find it. */
const sectionNamed = (name: string) => {
  const heading = [...container.querySelectorAll("h3, h4")].find((h) => h.textContent === name)!;
  return container.querySelector<HTMLElement>(`section[aria-labelledby="${heading.id}"]`);
};

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe("AnalysisResult with a second script", () => {
  it("shows the second script's font as its own headed section, below the first", async () => {
    await render(sign, "en");
    expect(byTestId("result-family")?.textContent).toBe("Amiri");
    const other = sectionNamed("Also in this image — Latin text")!;
    expect(other).not.toBeNull();
    expect(other.querySelector("h3")?.textContent).toBe("Also in this image — Latin text");
    expect(byTestId("other-script-family")?.textContent).toBe("Roboto");
    expect(byTestId("other-script-not-in-library")?.textContent).toBe(
      "Not in our library; the closest we know: Roboto, Inter",
    );
    expect(byTestId("other-script-confidence")?.textContent).toBe("12%");
    expect(byTestId("other-script-size")?.textContent).toBe("24 px");
    // Its sections are headed one level below its own heading, and its similar fonts are a list.
    expect([...other.querySelectorAll("h4")].map((h) => h.textContent)).toEqual(["Characteristics", "Similar Fonts"]);
    expect([...byTestId("other-script-similar")!.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Inter83% similar",
    ]);
    // The first part keeps its own details, not the second's.
    expect(byTestId("result-confidence")?.textContent).toBe("87%");
    expect(byTestId("result-not-in-library")).toBeNull();
    expect(byTestId("result-cultural")?.textContent).toContain("Baghdad");
    expect(byTestId("other-script-cultural")).toBeNull();
    // Heading ids are unique, so each section is named by its own heading.
    const ids = [...container.querySelectorAll("[id]")].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("reads right to left in Arabic, a Latin family by its Latin name first, isolated", async () => {
    await render(sign, "ar");
    const other = sectionNamed("في الصورة أيضًا نص بحروف لاتينية")!;
    expect(other).not.toBeNull();
    expect(byTestId("other-script-family")?.querySelector("bdi")?.textContent).toBe("Roboto");
    expect(byTestId("other-script-other-name")?.textContent).toBe("بالعربية: روبوتو");
    expect(byTestId("result-family")?.textContent).toBe("الأميري");
    expect(byTestId("result-other-name")?.textContent).toBe("بالحروف اللاتينية: Amiri");
    expect(byTestId("other-script-size")?.querySelector("bdi")?.textContent).toBe("٢٤ بكسل");
    expect(other.querySelector("h4")?.textContent).toBe("السمات");
  });

  it("has no second section for an image in one script", async () => {
    const { otherScript: _o, ...one } = sign;
    await render(one, "en");
    expect(byTestId("other-script-result")).toBeNull();
    expect(container.textContent).not.toContain("Also in this image");
  });
});

describe("AnalysisResult for an answer it is not sure of", () => {
  it("says it may not be in the library, and names it the closest family, in both languages", async () => {
    const { otherScript: _o, ...one } = sign;
    await render({ ...one, confidence: 0.22 }, "en");
    expect(byTestId("result-not-in-library")?.textContent).toBe(
      "We are not sure this font is in our library; the closest we know: Amiri, Lateef",
    );
    expect(container.textContent).toContain("Closest family we know");
    act(() => root?.unmount());
    container.remove();
    await render({ ...one, confidence: 0.22 }, "ar");
    expect(byTestId("result-not-in-library")?.textContent).toBe(
      "لسنا واثقين أن هذا الخط من مكتبتنا، وأقرب ما نعرفه إليه: الأميري، لطيف",
    );
    expect(container.textContent).toContain("أقرب عائلة نعرفها");
  });
});
