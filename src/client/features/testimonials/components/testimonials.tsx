import { useEffect, useState } from "react";
import { Reveal } from "#client/components/ui/reveal.tsx";
import { SectionHeading } from "#client/components/ui/section-heading.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { readTestimonials, type Testimonial } from "../lib/read-testimonials.ts";

const copy = defineLazyCopy({ en: () => import("../testimonials.en.ts"), ar: () => import("../testimonials.ar.ts") });

/**
 * The home page's testimonials (spec §7 GET /api/testimonials, DESIGN §3), its own chunk, loaded
 * after the page has hydrated. Shows `placeholder` while loading (the page's reserved place, so
 * its height holds), and nothing when there are none or on error.
 */
export default function Testimonials({ placeholder = null }: { placeholder?: React.ReactNode }) {
  const { lang } = useI18n();
  // null: not answered yet.
  const [items, setItems] = useState<Testimonial[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/testimonials", { credentials: "include", signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => setItems(readTestimonials(body, lang)))
      .catch(() => setItems([]));
    return () => controller.abort();
  }, [lang]);

  if (items === null) return placeholder;
  return items.length ? <TestimonialList items={items} quotes={lang === "ar" ? ["«", "»"] : ["“", "”"]} /> : null;
}

function TestimonialList({ items, quotes }: { items: Testimonial[]; quotes: [string, string] }) {
  const c = useCopy(copy);
  return (
    <section className="container-page py-24 md:py-32" aria-labelledby="testimonials" data-testid="testimonials">
      <Reveal kind="fadeInUp" className="max-w-2xl">
        <SectionHeading id="testimonials" eyebrow={c.eyebrow} title={c.title} />
      </Reveal>
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <figure className="flex h-full flex-col gap-5 rounded-3xl border border-sand-deep bg-white/60 p-7">
              <blockquote className="font-display text-xl leading-relaxed">
                {quotes[0]}
                {item.quote}
                {quotes[1]}
              </blockquote>
              <figcaption className="mt-auto text-sm text-ink-soft">
                <span className="font-medium text-ink">{item.name}</span>
                {item.role ? <span>, {item.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
