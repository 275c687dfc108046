import { useEffect, useRef, useState } from "react";
import { Picture } from "#client/components/ui/picture.tsx";
import { LoopVideo } from "#client/components/ui/loop-video.tsx";
import { Reveal } from "#client/components/ui/reveal.tsx";
import { heroZoom } from "#client/components/ui/motion.ts";
import { prefersReducedMotion, useScrollTransform } from "#client/components/ui/use-scroll-style.ts";
import { toast } from "#client/components/ui/toast-store.ts";
import { SectionHeading } from "#client/components/ui/section-heading.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { Link } from "#client/lib/router.tsx";
import { siteConfig } from "#client/lib/site-config.ts";
import { MakingOf } from "#client/features/showcase/making-of.tsx";
import { getAuth } from "#client/lib/auth-store.ts";
import { readWishlist, toggleWishlist } from "#client/lib/wishlist.ts";
import { formatPrice } from "#shared/i18n/format.ts";
import { priceOf, showcase } from "#content/showcase.ts";

export const copy = defineLazyCopy({ en: () => import("./products.en.ts"), ar: () => import("./products.ar.ts") });

/** Spec: the hero zooms at most 5 % and shifts at most 30 px as the page scrolls. */
const heroTransform = (scrollY: number, viewport: number) => {
  if (prefersReducedMotion()) return null;
  const { scale, shift } = heroZoom(scrollY, viewport);
  return `translate3d(0, ${shift}px, 0) scale(${scale})`;
};

/** The product showcase page of Nawat (spec §2 "Product showcase page", DESIGN §3: /products). */
export default function ProductsPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const heroRef = useRef<HTMLDivElement>(null);
  const parallax = useScrollTransform(heroRef, heroTransform);
  const [wished, setWished] = useState(false);
  useEffect(() => setWished(readWishlist().includes(showcase.id)), []);
  const r = c.record;

  const onWishlist = async () => {
    let now: boolean;
    try {
      now = await toggleWishlist(showcase.id);
    } catch {
      toast({ variant: "destructive", title: c.everyPit.wishlistFailed });
      return;
    }
    setWished(now);
    const savedTo = getAuth().isAuthenticated ? c.everyPit.addedAccountBody : c.everyPit.addedBody;
    toast(now ? { title: c.everyPit.added, description: savedTo } : { title: c.everyPit.removed });
  };

  return (
    // Sliding reveals start up to 48 px outside their box: keep that from scrolling the page sideways.
    <div className="overflow-x-clip">
      <section
        className="relative flex min-h-[100svh] items-end overflow-hidden bg-ink text-sand"
        data-testid="products-hero"
      >
        <div ref={heroRef} data-parallax={parallax ? "on" : "off"} className="absolute inset-0 will-change-transform">
          <Picture
            src={showcase.heroImage}
            alt={c.hero.image}
            sizes="100vw"
            priority
            className="block h-full w-full"
            imgClassName="h-full w-full object-cover object-[72%_50%] md:object-center"
          />
        </div>
        <div className="absolute inset-0 bg-gradient-to-t from-ink/90 via-ink/30 to-transparent" aria-hidden="true" />
        <div className="container-page relative pt-32 pb-20 md:pb-28">
          <p className="eyebrow text-accent">{c.hero.label}</p>
          <h1 className="mt-4 font-display text-6xl font-medium md:text-8xl">{r.name}</h1>
          <p className="mt-4 max-w-xl text-xl text-sand/85">{r.subtitle}</p>
          <p className="mt-8 font-display text-2xl italic text-sand/90">{c.hero.tagline}</p>
        </div>
      </section>

      <section
        className="below-fold container-page grid items-center gap-14 py-24 md:grid-cols-2 md:py-32"
        aria-labelledby="heritage"
      >
        <Reveal kind="slideRight">
          <SectionHeading id="heritage" eyebrow={c.heritage.eyebrow} title={r.heritage.title} />
          <div className="mt-6 grid gap-4 text-lg leading-relaxed text-ink-soft">
            {r.heritage.content.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <blockquote className="mt-8 border-s-2 border-accent ps-5 font-display text-2xl italic">
            {r.heritage.quote}
          </blockquote>
        </Reveal>
        <Reveal kind="slideLeft" delay={150}>
          <LoopVideo
            name="heritage-loop"
            alt={c.heritage.video}
            sizes="(min-width: 768px) 45vw, 100vw"
            className="relative aspect-[4/5] rounded-3xl md:aspect-[3/4]"
          />
        </Reveal>
      </section>

      <section className="below-fold bg-walnut-deep py-24 text-center text-sand md:py-32">
        <Reveal kind="fadeInUp" className="container-page">
          <h2 className="mx-auto max-w-4xl font-display text-4xl font-medium md:text-6xl">{c.riyadh.title}</h2>
          <p className="mt-6 text-lg text-sand/80">{c.riyadh.line}</p>
        </Reveal>
      </section>

      <MakingOf copy={c.making} record={r} />

      <section className="below-fold" aria-label={c.loop.video}>
        <LoopVideo
          name="showcase-loop"
          alt={c.loop.video}
          sizes="100vw"
          className="relative aspect-[16/9] max-h-[80vh] w-full"
        />
      </section>

      <section
        className="below-fold container-page grid items-center gap-12 py-24 md:grid-cols-[3fr_2fr] md:py-32"
        aria-labelledby="every-pit"
      >
        <Reveal kind="fadeInUp">
          <h2 id="every-pit" className="font-display text-5xl font-medium md:text-6xl">
            {c.everyPit.title}
          </h2>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft">{c.everyPit.body}</p>
        </Reveal>
        <Reveal kind="scaleIn" delay={150} className="rounded-3xl bg-white/70 p-8 shadow-sm">
          <p className="eyebrow">{c.everyPit.price}</p>
          <p className="mt-2 font-display text-5xl" data-testid="showcase-price">
            <bdi>{formatPrice(priceOf(showcase.id), lang)}</bdi>
          </p>
          <div className="mt-8 grid gap-3">
            {siteConfig.STORE_URL ? (
              <a
                href={siteConfig.STORE_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-primary"
                data-testid="buy-now"
              >
                {c.everyPit.buyNow}
                <span className="sr-only"> {c.everyPit.newTab}</span>
              </a>
            ) : (
              <Link to={`${to("/checkout")}?product=${showcase.id}`} className="btn-primary" data-testid="buy-now">
                {c.everyPit.buyNow}
              </Link>
            )}
            <button
              type="button"
              onClick={() => void onWishlist()}
              aria-pressed={wished}
              className="btn-outline"
              data-testid="wishlist"
            >
              <span aria-hidden="true">{wished ? "♥" : "♡"}</span>
              {wished ? c.everyPit.wishlisted : c.everyPit.wishlist}
            </button>
          </div>
        </Reveal>
      </section>

      <section className="below-fold container-page pb-24 md:pb-32" aria-labelledby="sanam-teaser">
        <Reveal kind="fadeIn" className="relative overflow-hidden rounded-3xl bg-ink text-sand">
          <Picture
            src="sanam-teaser.jpg"
            alt={c.sanam.image}
            sizes="(min-width: 1280px) 1216px, 100vw"
            className="block aspect-[16/9] opacity-80"
            imgClassName="h-full w-full object-cover"
          />
          <div className="absolute inset-0 flex flex-col items-center justify-center bg-ink/45 p-6 text-center">
            <span className="rounded-full border border-sand/60 px-5 py-1.5 text-sm tracking-widest uppercase">
              {c.sanam.soon}
            </span>
            <h2 id="sanam-teaser" className="mt-5 max-w-2xl font-display text-3xl font-medium md:text-5xl">
              {c.sanam.title}
            </h2>
            <p className="mt-3 text-sand/85">{c.sanam.line}</p>
          </div>
        </Reveal>
      </section>
    </div>
  );
}
