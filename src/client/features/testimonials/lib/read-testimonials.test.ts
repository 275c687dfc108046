import { describe, expect, it } from "vitest";
import { readTestimonials } from "./read-testimonials.ts";

const item = {
  id: 1,
  quote: "Beautiful.",
  quoteAr: "جميل.",
  author: "Sara",
  authorAr: "سارة",
  role: "Host",
  roleAr: "مضيفة",
};

describe("readTestimonials", () => {
  it("picks the page's language", () => {
    expect(readTestimonials({ testimonials: [item] }, "en")).toEqual([
      { id: "1", name: "Sara", quote: "Beautiful.", role: "Host" },
    ]);
    expect(readTestimonials({ testimonials: [item] }, "ar")).toEqual([
      { id: "1", name: "سارة", quote: "جميل.", role: "مضيفة" },
    ]);
  });

  it("leaves out items missing the language's quote or author, and roles that are empty", () => {
    const body = {
      testimonials: [
        { ...item, quoteAr: "" },
        { ...item, id: 2, roleAr: " " },
      ],
    };
    expect(readTestimonials(body, "ar")).toEqual([{ id: "2", name: "سارة", quote: "جميل." }]);
  });

  it("is empty for anything else", () => {
    expect(readTestimonials(null, "en")).toEqual([]);
    expect(readTestimonials([item], "en")).toEqual([]);
    expect(readTestimonials({ error: {} }, "en")).toEqual([]);
    expect(readTestimonials({ testimonials: [5, null] }, "en")).toEqual([]);
  });
});
