import { lazy, Suspense, useState } from "react";
import { foldSize } from "#client/components/ui/fold-size.ts";
import { Link } from "#client/lib/router.tsx";
import { ArrowIcon, EyeMark } from "#client/components/ui/icons.tsx";
import { LoopVideo } from "#client/components/ui/loop-video.tsx";
import { Picture } from "#client/components/ui/picture.tsx";
import { Reveal } from "#client/components/ui/reveal.tsx";
import { SectionHeading } from "#client/components/ui/section-heading.tsx";
import { StaticSection } from "#client/components/ui/static-section.tsx";
import { useNearViewport } from "#client/components/ui/use-near-viewport.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { ProductCard } from "#client/features/showcase/product-card.tsx";
import { interpolate } from "#shared/i18n/types.ts";
import { catalog, type CatalogProductId } from "#content/catalog.ts";
import { heroUpright, showcaseStills } from "#content/hero-media.ts";

export const copy = defineLazyCopy({ en: () => import("./home.en.ts"), ar: () => import("./home.ar.ts") });

// Heavy parts load on demand: the dialogs on first intent, the slideshow near the viewport.
const loadModal = () => import("#client/features/showcase/product-modal.tsx");
const loadZoom = () => import("#client/features/showcase/zoom-viewer.tsx");
const ProductModal = lazy(loadModal);
const ZoomViewer = lazy(loadZoom);
const Slideshow = lazy(() => import("#client/features/showcase/slideshow.tsx"));
const Testimonials = lazy(() => import("#client/features/testimonials/components/testimonials.tsx"));

type Open = { kind: "product" | "zoom"; id: CatalogProductId } | null;

export default function HomePage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const warm = () => void (loadModal(), loadZoom());

  return (
    // Sliding reveals start up to 48 px outside their box: keep that from scrolling the page sideways.
    <div className="overflow-x-clip">
      <section className="relative flex min-h-[100svh] items-end overflow-hidden bg-ink text-sand">
        {/* Art direction (issue 13): upright stills on phones and tablets keep the bowl above the headline;
            on /ar the picture is mirrored so the right-aligned headline falls on the empty side. */}
        <LoopVideo
          name="hero-loop"
          alt={c.hero.poster}
          sizes="100vw"
          priority
          upright={heroUpright}
          mirrorRtl
          className="absolute inset-0"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-ink via-ink/45 to-ink/10" aria-hidden="true" />
        {/* Only the video and the product cards, slideshow and dialogs below need React in the
            browser: the rest keeps the server's HTML (StaticSection). */}
        <StaticSection className="container-page relative pt-32 pb-20 md:pb-28">
          <p className="eyebrow text-sand-deep">{c.hero.eyebrow}</p>
          <h1 className="mt-4 max-w-3xl font-display text-5xl leading-[1.05] font-medium md:text-7xl short-landscape:text-5xl">
            {c.hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-sand/85">{c.hero.body}</p>
          <div className="mt-9 flex flex-wrap gap-3">
            <Link to={to("/products")} className="btn-light" data-testid="hero-explore">
              {c.hero.explore}
              <ArrowIcon className="flip-rtl" />
            </Link>
            <Link
              to={to("/about")}
              className="btn-outline border-sand/60 hover:bg-sand hover:text-ink"
              data-testid="hero-story"
            >
              {c.hero.story}
            </Link>
          </div>
        </StaticSection>
      </section>

      <section
        className="below-fold container-page py-24 md:py-32"
        style={foldSize(1180, 924, [1192, 878])}
        aria-labelledby="handcrafted"
      >
        <StaticSection>
          <Reveal kind="fadeInUp" className="max-w-2xl">
            <SectionHeading id="handcrafted" eyebrow={c.handcrafted.eyebrow} title={c.handcrafted.title} />
            <p className="mt-4 text-lg text-ink-soft">{c.handcrafted.body}</p>
          </Reveal>
        </StaticSection>
        <div className="mt-14 grid gap-12 md:grid-cols-2 md:gap-10">
          {catalog.map(({ id, shortName }, i) => {
            const words = c.handcrafted.products[id];
            const label = (text: string) => interpolate(text, { name: shortName[lang] });
            const card = c.handcrafted.card;
            return (
              <Reveal key={id} kind="slideUp" delay={i * 150}>
                <ProductCard
                  id={id}
                  copy={{
                    name: shortName[lang],
                    line: words.line,
                    info: words.info,
                    open: label(card.open),
                    zoom: label(card.zoom),
                    cart: label(card.cart),
                    moreInfo: label(card.moreInfo),
                  }}
                  onIntent={warm}
                  onOpen={() => setOpen({ kind: "product", id })}
                  onZoom={() => setOpen({ kind: "zoom", id })}
                />
              </Reveal>
            );
          })}
        </div>
      </section>

      <StaticSection
        as="section"
        style={foldSize(1102, 498, [1006, 487])}
        className="below-fold bg-sand-deep/60 py-24 md:py-32"
        aria-labelledby="noticing"
        data-testid="static-noticing"
      >
        <div className="container-page grid items-center gap-14 md:grid-cols-2">
          <Reveal kind="slideRight">
            <EyeMark className="h-14 w-14 text-walnut" />
            <SectionHeading id="noticing" eyebrow={c.noticing.eyebrow} title={c.noticing.title} className="mt-6" />
            <p className="mt-6 text-lg leading-relaxed text-ink-soft">{c.noticing.body}</p>
            <dl className="mt-10 grid gap-6 sm:grid-cols-3">
              {c.noticing.points.map((point) => (
                <div key={point.title} className="border-t border-walnut/30 pt-4">
                  <dt className="font-display text-2xl">{point.title}</dt>
                  <dd className="mt-1 text-sm text-ink-soft">{point.body}</dd>
                </div>
              ))}
            </dl>
          </Reveal>
          <Reveal kind="slideLeft" delay={150}>
            <Picture
              src={showcaseStills.parts}
              alt={c.noticing.image}
              sizes="(min-width: 768px) 45vw, 100vw"
              className="block overflow-hidden rounded-3xl"
              imgClassName="h-auto w-full"
            />
          </Reveal>
        </div>
      </StaticSection>

      <section
        className="below-fold container-page py-24 md:py-32"
        style={foldSize(461, 1027, [406, 999])}
        aria-labelledby="behind"
      >
        <StaticSection>
          <Reveal kind="fadeInUp" className="mb-12 max-w-2xl">
            <SectionHeading id="behind" eyebrow={c.behind.eyebrow} title={c.behind.title} />
            <p className="mt-4 text-lg text-ink-soft">{c.behind.body}</p>
          </Reveal>
        </StaticSection>
        <NearViewport className="aspect-[3/2] rounded-3xl bg-walnut-deep">
          <Slideshow
            slides={[
              { kind: "image", src: "craft-detail.jpg", ...c.behind.slides[0] },
              { kind: "image", src: "bts-2.jpg", ...c.behind.slides[1] },
              { kind: "video", name: "showcase-loop", ...c.behind.slides[2] },
            ]}
          />
        </NearViewport>
      </section>

      <TestimonialsSlot />

      <StaticSection
        as="section"
        className="below-fold bg-ink py-24 text-sand md:py-32"
        style={foldSize(340, 308, [306, 282])}
      >
        <Reveal kind="scaleIn" className="container-page flex flex-col items-center text-center">
          <h2 className="font-display text-4xl font-medium md:text-6xl">{c.closing.title}</h2>
          <p className="mt-5 max-w-xl text-lg text-sand/80">{c.closing.body}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link to={to("/services")} className="btn-accent" data-testid="final-services">
              {c.closing.services}
            </Link>
            <Link
              to={to("/contact")}
              className="btn-outline border-sand/60 hover:bg-sand hover:text-ink"
              data-testid="final-contact"
            >
              {c.closing.contact}
            </Link>
          </div>
          <p className="mt-10 max-w-xl text-sand/80">
            {c.closing.fontTool}{" "}
            <Link
              to={to("/font-recognition")}
              className="font-medium text-sand underline underline-offset-4 hover:text-accent"
            >
              {c.closing.fontToolLink}
            </Link>
          </p>
        </Reveal>
      </StaticSection>

      {open ? (
        <Suspense fallback={null}>
          {open.kind === "product" ? (
            <ProductModal productId={open.id} onClose={close} />
          ) : (
            <ZoomViewer productId={open.id} onClose={close} />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}

/** Renders its children (and so loads their chunk and media) once it is within 600 px of view. */
function NearViewport({ children, className }: { children: React.ReactNode; className: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className={near ? undefined : className}>
      {near ? <Suspense fallback={<div className={className} />}>{children}</Suspense> : null}
    </div>
  );
}

/**
 * The testimonials, far down the page: their chunk and data load when a visitor scrolls near, not
 * at start. Until they are here, a box of the height they measured (the seeded four, at 390 and
 * 1440 px, both languages; whole section, padding included) holds their place, so the page does
 * not grow by a screen as they arrive (issue 37). Re-measure when the stored testimonials change.
 */
function TestimonialsSlot() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const slot = <div className="fold-slot" style={foldSize(1357, 893, [1109, 783])} data-testid="testimonials-slot" />;
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={slot}>
          <Testimonials placeholder={slot} />
        </Suspense>
      ) : (
        slot
      )}
    </div>
  );
}
