import { ServicesCatalog } from "#client/features/services/components/services-catalog.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";

// The feature's own copy, loaded by this page (main.tsx fetches it before hydrating).
export const copy = defineLazyCopy({
  en: () => import("#client/features/services/services.en.ts"),
  ar: () => import("#client/features/services/services.ar.ts"),
});

/** /services (spec §2): the five services, their dialogs and each one's full description. */
export default function ServicesPage() {
  const c = useCopy(copy);
  return (
    <div className="overflow-x-clip">
      <header className="container-page pt-28 pb-14 md:pt-36 md:pb-16">
        <p className="eyebrow">{c.hero.eyebrow}</p>
        <h1 className="mt-4 font-display text-5xl font-medium md:text-7xl">{c.hero.title}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-soft">{c.hero.subtitle}</p>
      </header>
      <ServicesCatalog copy={c} />
    </div>
  );
}
