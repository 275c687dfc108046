import type { Lang } from "#shared/lang.ts";

export type Testimonial = { id: string; quote: string; name: string; role?: string };

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

/**
 * The testimonials of GET /api/testimonials (`{ testimonials: [{ id, quote, quoteAr, author,
 * authorAr, role, roleAr }] }`) in the page's language. Items without a quote or an author in
 * that language are left out; any other body is no testimonials at all.
 */
export function readTestimonials(body: unknown, lang: Lang): Testimonial[] {
  const list = (body as { testimonials?: unknown } | null)?.testimonials;
  if (!Array.isArray(list)) return [];
  const field = (name: string) => (lang === "ar" ? `${name}Ar` : name);
  return list.flatMap((raw, i): Testimonial[] => {
    if (!raw || typeof raw !== "object") return [];
    const item = raw as Record<string, unknown>;
    const quote = text(item[field("quote")]);
    const name = text(item[field("author")]);
    if (!quote || !name) return [];
    const role = text(item[field("role")]);
    return [{ id: String(item.id ?? i), quote, name, ...(role ? { role } : {}) }];
  });
}
