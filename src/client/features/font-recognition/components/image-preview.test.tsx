// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { I18nProvider } from "#client/i18n/i18n.tsx";
import { ar as arFrame } from "#shared/i18n/ar.ts";
import { en as enFrame } from "#shared/i18n/en.ts";
import type { Lang } from "#shared/lang.ts";
import type { FontAnalysis, LineAnalysis } from "#shared/schemas/font-analysis.ts";
import ar from "../font-recognition.ar.ts";
import en from "../font-recognition.en.ts";
import { describeLines } from "../lib/describe-analysis.ts";
import { ImagePreview } from "./image-preview.tsx";
import { LineList } from "./line-list.tsx";

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const line = (over: Partial<LineAnalysis>): LineAnalysis => ({
  fontFamily: "Amiri",
  fontFamilyAr: "الأميري",
  familyScript: "arabic",
  confidence: 0.9,
  inLibrary: true,
  characteristics: [],
  characteristicsAr: [],
  similarFonts: [],
  script: "arabic",
  box: { x: 100, y: 40, width: 800, height: 120 },
  ...over,
});
const sign: FontAnalysis = {
  ...line({}),
  lines: [
    line({}),
    line({
      fontFamily: "Roboto",
      fontFamilyAr: "روبوتو",
      familyScript: "latin",
      script: "latin",
      box: { x: 250, y: 240, width: 500, height: 80 },
    }),
  ],
};
const image = { name: "sign.png", bytes: 100, dataUrl: "data:image/png;base64,AA==", width: 1000, height: 400 };
const copies = { en, ar } as const;
const frames = { en: enFrame, ar: arFrame } as const;

let root: Root | undefined;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

async function render(lang: Lang, selected: number, picked: number[]) {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  const copy = copies[lang];
  const lines = describeLines(sign, lang, copy);
  await act(async () => {
    root!.render(
      <I18nProvider lang={lang} messages={frames[lang]}>
        <ImagePreview
          copy={copy}
          image={image}
          box={null}
          onBox={() => {}}
          disabled={false}
          lines={lines}
          selectedLine={selected}
          onPickLine={(i) => picked.push(i)}
        />
        <LineList copy={copy} lines={lines} selected={selected} onPick={(i) => picked.push(i)} />
      </I18nProvider>,
    );
  });
}

const boxes = () => [...container.querySelectorAll<HTMLButtonElement>('[data-testid="line-box"]')];
const items = () => [...container.querySelectorAll<HTMLButtonElement>('[data-testid="line-item"]')];

describe("the lines of a result over the image and in the list", () => {
  it("puts a numbered button over each line's pixels, named in the page's language", async () => {
    const picked: number[] = [];
    await render("ar", 0, picked);
    expect(boxes().map((b) => b.getAttribute("aria-label"))).toEqual([
      "السطر ١: نص عربي بخط الأميري",
      "السطر ٢: نص بحروف لاتينية بخط Roboto",
    ]);
    // Over the same pixels in both languages: the frame is laid out left to right, like the picture.
    expect(container.querySelector('[data-testid="line-boxes"]')!.closest("[dir]")!.getAttribute("dir")).toBe("ltr");
    const second = boxes()[1]!.style;
    expect([second.insetInlineStart, second.insetBlockStart, second.inlineSize, second.blockSize]).toEqual([
      "25%",
      "60%",
      "50%",
      "20%",
    ]);
    expect(boxes()[1]!.textContent).toBe("٢");
    expect(boxes().map((b) => b.getAttribute("aria-pressed"))).toEqual(["true", "false"]);
    expect(container.querySelector('[data-testid="line-status"]')!.textContent).toBe(
      "نعرض الآن تحليل السطر ١: نص عربي بخط الأميري.",
    );
    expect(container.querySelector('[data-testid="line-status"] bdi')).not.toBeNull();
  });

  it("picks a line from its box or from the list", async () => {
    const picked: number[] = [];
    await render("en", 1, picked);
    expect(items().map((b) => b.textContent)).toEqual(["1Line 1 · Arabic textAmiri", "2Line 2 · Latin textRoboto"]);
    expect(items().map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "true"]);
    await act(async () => boxes()[1]!.click());
    await act(async () => items()[0]!.click());
    expect(picked).toEqual([1, 0]);
    expect(container.querySelector('[data-testid="line-status"]')!.textContent).toBe(
      "Showing the analysis of line 2: Latin text, Roboto.",
    );
  });
});
