import { describe, expect, it } from "vitest";
import { readTestimonials } from "./read-testimonials.ts";

describe("readTestimonials", () => {
  it("picks the page's language from bilingual items", () => {
    const body = [{ id: 1, nameEn: "Sara", nameAr: "سارة", quoteEn: "Beautiful.", quoteAr: "جميل.", roleEn: "Host", roleAr: "مضيفة" }];
    expect(readTestimonials(body, "en")).toEqual([{ id: "1", name: "Sara", quote: "Beautiful.", role: "Host" }]);
    expect(readTestimonials(body, "ar")).toEqual([{ id: "1", name: "سارة", quote: "جميل.", role: "مضيفة" }]);
  });

  it("reads one-language items and skips the other language's", () => {
    const body = { testimonials: [{ id: "a", name: "Omar", quote: "Great", lang: "en" }, { id: "b", name: "عمر", quote: "رائع", lang: "ar" }] };
    expect(readTestimonials(body, "ar")).toEqual([{ id: "b", name: "عمر", quote: "رائع" }]);
  });

  it("is empty for anything else", () => {
    expect(readTestimonials(null, "en")).toEqual([]);
    expect(readTestimonials({ error: {} }, "en")).toEqual([]);
    expect(readTestimonials([{ name: "No quote" }, 5], "en")).toEqual([]);
  });
});
