import type { Lang } from "#shared/lang.ts";

export type Testimonial = { id: string; quote: string; name: string; role?: string };

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/**
 * The testimonials of GET /api/testimonials in the page's language. Accepts a list or
 * `{ testimonials: [...] }`; an item speaks both languages (`quoteEn`/`quoteAr`) or one (`quote`
 * with an optional `lang`); items without a quote or a name, or in the other language only, are
 * left out. Anything else is no testimonials at all.
 */
export function readTestimonials(body: unknown, lang: Lang): Testimonial[] {
  const list = Array.isArray(body) ? body : (body as { testimonials?: unknown } | null)?.testimonials;
  if (!Array.isArray(list)) return [];
  const suffix = lang === "ar" ? "Ar" : "En";
  return list.flatMap((raw, i): Testimonial[] => {
    if (!raw || typeof raw !== "object") return [];
    const item = raw as Record<string, unknown>;
    if (typeof item.lang === "string" && item.lang !== lang) return [];
    const quote = text(item[`quote${suffix}`]) ?? text(item[`text${suffix}`]) ?? text(item.quote) ?? text(item.text) ?? text(item.content);
    const name = text(item[`name${suffix}`]) ?? text(item.name) ?? text(item.author);
    if (!quote || !name) return [];
    const role = text(item[`role${suffix}`]) ?? text(item.role) ?? text(item.company);
    return [{ id: String(item.id ?? i), quote, name, ...(role ? { role } : {}) }];
  });
}
