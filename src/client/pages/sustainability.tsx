import { useRef } from "react";
import { foldSize } from "#client/components/ui/fold-size.ts";
import { Link } from "#client/lib/router.tsx";
import { ArrowIcon } from "#client/components/ui/icons.tsx";
import { Picture } from "#client/components/ui/picture.tsx";
import { Reveal } from "#client/components/ui/reveal.tsx";
import { parallaxEnabled, parallaxOffset } from "#client/components/ui/motion.ts";
import { prefersReducedMotion, useScrollTransform } from "#client/components/ui/use-scroll-style.ts";
import { SectionHeading } from "#client/components/ui/section-heading.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber } from "#shared/i18n/format.ts";

export const copy = defineLazyCopy({
  en: () => import("./sustainability.en.ts"),
  ar: () => import("./sustainability.ar.ts"),
});

/** Spec: parallax factor 0.3, off on mobile user agents or under 768 px (and for reduced motion). */
const heroParallax = (scrollY: number) => {
  if (prefersReducedMotion() || !parallaxEnabled(navigator.userAgent, window.innerWidth)) return null;
  return `translate3d(0, ${parallaxOffset(scrollY, true)}px, 0)`;
};

export default function SustainabilityPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const bg = useRef<HTMLDivElement>(null);
  const parallax = useScrollTransform(bg, heroParallax);

  return (
    // Sliding reveals start up to 48 px outside their box: keep that from scrolling the page sideways.
    <div className="overflow-x-clip">
      <section className="relative flex min-h-[100svh] items-center overflow-hidden bg-ink text-sand">
        <div
          ref={bg}
          data-testid="parallax"
          data-parallax={parallax ? "on" : "off"}
          className="absolute inset-0 will-change-transform"
        >
          <Picture
            src="desert-dunes.jpg"
            alt={c.hero.image}
            sizes="100vw"
            priority
            className="block h-full w-full"
            imgClassName="h-full w-full object-cover"
          />
        </div>
        <div className="absolute inset-0 bg-gradient-to-b from-ink/20 via-ink/35 to-ink/75" aria-hidden="true" />
        <div className="container-page relative pt-24 text-center">
          <p className="eyebrow text-sand-deep">{c.hero.eyebrow}</p>
          <h1 className="mx-auto mt-4 max-w-4xl font-display text-5xl leading-tight font-medium md:text-7xl">
            {c.hero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-sand/85">{c.hero.body}</p>
        </div>
        <Reveal kind="fadeIn" delay={1000} always className="absolute inset-x-0 bottom-8 flex justify-center">
          <a
            href="#commitment"
            data-testid="discover-more"
            className="flex flex-col items-center gap-2 text-sm tracking-widest text-sand uppercase"
          >
            {c.hero.discover}
            <ArrowIcon className="rotate-90 motion-safe:animate-bounce" />
          </a>
        </Reveal>
      </section>

      <section
        id="commitment"
        style={foldSize(945, 435, [732, 435])}
        className="below-fold container-page grid scroll-mt-20 items-center gap-14 py-24 md:grid-cols-2 md:py-32"
        aria-labelledby="sustainability-title"
      >
        <Reveal kind="slideRight">
          <SectionHeading id="sustainability-title" eyebrow={c.main.eyebrow} title={c.main.title} />
          <p className="mt-6 text-lg leading-relaxed text-ink-soft">{c.main.philosophy}</p>
          <p className="mt-4 text-lg leading-relaxed text-ink-soft">{c.main.wood}</p>
        </Reveal>
        <Reveal kind="slideLeft" delay={150}>
          <Picture
            src="craft-detail.jpg"
            alt={c.main.image}
            sizes="(min-width: 768px) 45vw, 100vw"
            className="block overflow-hidden rounded-3xl"
            imgClassName="h-auto w-full"
          />
        </Reveal>
      </section>

      <section
        className="below-fold bg-sand-deep/60 py-24 md:py-32"
        style={foldSize(1112, 348, [1086, 371])}
        aria-labelledby="pillars"
      >
        <div className="container-page">
          <Reveal kind="fadeInUp">
            <h2 id="pillars" className="max-w-2xl font-display text-4xl font-medium md:text-5xl">
              {c.pillars.title}
            </h2>
          </Reveal>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {c.pillars.items.map((item, i) => (
              <Reveal key={item.title} as="li" kind="slideUp" delay={i * 120} className="rounded-3xl bg-sand p-7">
                <p className="font-display text-5xl text-walnut/60" aria-hidden="true">
                  {formatNumber(i + 1, lang, { minimumIntegerDigits: 2 })}
                </p>
                <h3 className="mt-4 text-xl font-medium">{item.title}</h3>
                <p className="mt-2 text-ink-soft">{item.body}</p>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <section className="below-fold container-page py-24 text-center md:py-32" style={foldSize(192, 180, [165, 214])}>
        <Reveal kind="scaleIn">
          <blockquote className="mx-auto max-w-3xl font-display text-3xl italic md:text-5xl">
            {c.closing.quote}
          </blockquote>
          <Link to={to("/products")} className="btn-primary mt-10" data-testid="sustainability-products">
            {c.closing.cta}
            <ArrowIcon className="flip-rtl" />
          </Link>
        </Reveal>
      </section>
    </div>
  );
}
