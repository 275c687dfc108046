import { describe, expect, it, vi } from "vitest";
import {
  formatDate,
  formatDuration,
  formatList,
  formatNumber,
  formatParams,
  formatPercent,
  formatPrice,
  formatRiyadhDateTime,
  latinDigits,
  localizeDigits,
} from "./format.ts";

describe("formatPrice", () => {
  it("shows SAR with Latin digits in English", () => {
    expect(formatPrice(42_200, "en")).toBe("422 SAR");
    expect(formatPrice(123_450, "en")).toBe("1,234.50 SAR");
  });

  it("shows Arabic-Indic digits and the riyal word in Arabic", () => {
    expect(formatPrice(42_200, "ar")).toBe("٤٢٢ ريال");
    expect(formatPrice(35_000, "ar")).toBe("٣٥٠ ريال");
    expect(formatPrice(123_450, "ar")).toBe("١٬٢٣٤٫٥٠ ريال");
  });
});

describe("formatNumber", () => {
  it("groups thousands and uses the language's digits", () => {
    expect(formatNumber(12_345, "en")).toBe("12,345");
    expect(formatNumber(12_345, "ar")).toBe("١٢٬٣٤٥");
  });

  it("takes Intl options", () => {
    expect(formatNumber(1234.6, "en", { maximumFractionDigits: 0, useGrouping: false })).toBe("1235");
    expect(formatNumber(700, "ar", { useGrouping: false })).toBe("٧٠٠");
  });
});

describe("formatPercent", () => {
  it("rounds a fraction to a whole percentage", () => {
    expect(formatPercent(0.873, "en")).toBe("87%");
    expect(formatPercent(0.873, "ar")).toMatch(/^٨٧٪/);
  });
});

describe("formatDate", () => {
  const date = new Date(Date.UTC(2026, 10, 22, 12));

  it("puts the day first in English and writes Arabic-Indic digits in Arabic", () => {
    expect(formatDate(date, "en", { dateStyle: "long", timeZone: "UTC" })).toBe("22 November 2026");
    const arabic = formatDate(date, "ar", { dateStyle: "long", timeZone: "UTC" });
    expect(arabic).toContain("٢٠٢٦");
    expect(arabic).not.toMatch(/[0-9]/);
  });
});

describe("the calendar of Arabic dates", () => {
  const date = new Date(Date.UTC(2026, 10, 22, 12));

  it("is Gregorian with Arabic-Indic digits", () => {
    expect(formatDate(date, "ar", { dateStyle: "long", timeZone: "UTC" })).toBe("٢٢ نوفمبر ٢٠٢٦");
    expect(formatDate(date, "ar", { dateStyle: "full", timeZone: "UTC" })).toContain("نوفمبر ٢٠٢٦");
    expect(formatDate(date, "ar", { day: "numeric", month: "short", timeZone: "UTC" })).toBe("٢٢ نوفمبر");
  });

  it("stays Gregorian where ar-SA alone means the Hijri calendar (older browsers)", () => {
    // Such a runtime, simulated: a locale that names no calendar gets Umm al-Qura.
    const Real = Intl.DateTimeFormat;
    const hijriByDefault = (tag: string) =>
      !tag.startsWith("ar-SA") || tag.includes("-ca-")
        ? tag
        : tag.includes("-u-")
          ? tag.replace("-u-", "-u-ca-islamic-umalqura-")
          : `${tag}-u-ca-islamic-umalqura`;
    // A function, not an arrow: format.ts calls it with `new`.
    const spy = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (locales, options) {
      return new Real(hijriByDefault(String(locales)), options);
    });
    try {
      // Options no other test uses, so format.ts builds its formatter under the simulation.
      const options: Intl.DateTimeFormatOptions = { dateStyle: "long", timeZone: "Asia/Tokyo" };
      const hijri = new Intl.DateTimeFormat("ar-SA-u-nu-arab", options);
      expect(hijri.resolvedOptions().calendar).toBe("islamic-umalqura");
      expect(hijri.format(date)).toMatch(/١٤٤٨/);

      expect(formatDate(date, "ar", options)).toBe("٢٢ نوفمبر ٢٠٢٦");
    } finally {
      spy.mockRestore();
    }
  });

  it("writes the e-mails' Riyadh time in the same calendar", () => {
    const arabic = formatRiyadhDateTime(date, "ar");
    expect(arabic).toContain("٢٢ نوفمبر ٢٠٢٦");
    expect(arabic).toContain("٣:٠٠");
    expect(formatRiyadhDateTime(date, "en")).toBe("22 November 2026 at 15:00");
  });
});

describe("latinDigits", () => {
  it("reads Arabic-Indic, Persian and mixed digits as Western digits, and leaves the rest", () => {
    expect(latinDigits("١٢٣٤")).toBe("1234");
    expect(latinDigits("۱۲۳۴۵")).toBe("12345");
    expect(latinDigits("١2۳4")).toBe("1234");
    expect(latinDigits("٠٥٥ ١٢٣ ٤٥٦٧")).toBe("055 123 4567");
    expect(latinDigits("مبنى ٧")).toBe("مبنى 7");
    expect(latinDigits("0123456789")).toBe("0123456789");
  });
});

describe("formatParams and formatList", () => {
  it("writes numbers in the language's digits and leaves text alone", () => {
    expect(formatParams({ width: 8000, height: 6000, name: "photo 1.png" }, "ar")).toEqual({
      width: "٨٠٠٠",
      height: "٦٠٠٠",
      name: "photo 1.png",
    });
    expect(formatParams({ width: 8000, megapixels: 40.5 }, "en")).toEqual({ width: "8000", megapixels: "40.5" });
    expect(formatParams({ megapixels: 40.5 }, "ar")).toEqual({ megapixels: "٤٠٫٥" });
  });

  it("joins a list as the language does", () => {
    expect(formatList(["Nawat", "Sanam"], "en", "disjunction")).toBe("Nawat or Sanam");
    expect(formatList(["«نواة»", "«سنام»"], "ar", "disjunction")).toBe("«نواة» أو «سنام»");
  });
});

describe("formatDuration and localizeDigits", () => {
  it("writes minutes:seconds in the language's digits", () => {
    expect(formatDuration(94, "en")).toBe("1:34");
    expect(formatDuration(9, "en")).toBe("0:09");
    expect(formatDuration(94, "ar")).toBe("١:٣٤");
  });

  it("leaves English text alone and converts every Latin digit in Arabic", () => {
    expect(localizeDigits("MNT-012345", "en")).toBe("MNT-012345");
    expect(localizeDigits("0123456789", "ar")).toBe("٠١٢٣٤٥٦٧٨٩");
  });
});

describe("formatNumber without Intl (the common case)", () => {
  const intl = (value: number, lang: "en" | "ar", options?: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(lang === "en" ? "en-US" : "ar-SA-u-nu-arab", options).format(value);

  it("writes exactly what Intl.NumberFormat writes, for many values and the options the site uses", () => {
    const optionSets: (Intl.NumberFormatOptions | undefined)[] = [
      undefined,
      { maximumFractionDigits: 0 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { maximumFractionDigits: 1 },
      { useGrouping: false },
      { maximumFractionDigits: 0, useGrouping: false },
      { minimumIntegerDigits: 2 },
    ];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const values = [0, 1, 9.5, 0.5, 1.005, 2.675, 999.995, 1234.5, 42_200 / 100, 123_450 / 100, 1_000_000];
    for (let i = 0; i < 400; i++) values.push(Math.round(random() * 10 ** (1 + (i % 7)) * 1000) / 1000);
    for (const lang of ["en", "ar"] as const)
      for (const options of optionSets)
        for (const value of values)
          expect(formatNumber(value, lang, options), `${value} ${lang} ${JSON.stringify(options)}`).toBe(
            intl(value, lang, options),
          );
  });
});
