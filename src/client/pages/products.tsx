import { useEffect, useRef, useState } from "react";
import { foldSize } from "#client/components/ui/fold-size.ts";
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
import { interpolate } from "#shared/i18n/types.ts";
import { catalog, catalogProduct, priceOf } from "#content/catalog.ts";
import { heroUpright } from "#content/hero-media.ts";
import { showcase } from "#content/showcase.ts";

export const copy = defineLazyCopy({ en: () => import("./products.en.ts"), ar: () => import("./products.ar.ts") });

/** Spec: the hero zooms at most 5 % and shifts at most 30 px as the page scrolls. */
const heroTransform = (scrollY: number, viewport: number) => {
  if (prefersReducedMotion()) return null;
  const { scale, shift } = heroZoom(scrollY, viewport);
  return `translate3d(0, ${shift}px, 0) scale(${scale})`;
};

/**
 * The product showcase page (spec §2 "Product showcase page", DESIGN §3: /products): the showcase
 * product of content/showcase.ts, then a teaser, with its price and an order link, for every other
 * product of the catalog.
 */
export default function ProductsPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const heroRef = useRef<HTMLDivElement>(null);
  const parallax = useScrollTransform(heroRef, heroTransform);
  const [wished, setWished] = useState(false);
  useEffect(() => setWished(readWishlist().includes(showcase.id)), []);
  const r = c.record;
  const price = formatPrice(priceOf(showcase.id), lang);
  const heroBuyRef = useRef<HTMLDivElement>(null);
  const showBar = useScrolledPast(heroBuyRef);

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
            upright={heroUpright}
            mirrorRtl
            className="block h-full w-full"
            imgClassName="h-full w-full object-cover"
          />
        </div>
        <div className="absolute inset-0 bg-gradient-to-t from-ink/90 via-ink/30 to-transparent" aria-hidden="true" />
        <div className="container-page relative pt-32 pb-20 md:pb-28">
          <p className="eyebrow text-accent">{c.hero.label}</p>
          <h1 className="mt-4 font-display text-6xl font-medium md:text-8xl short-landscape:text-6xl">{r.name}</h1>
          <p className="mt-4 max-w-xl text-xl text-sand/85">{r.subtitle}</p>
          <p className="mt-6 font-display text-2xl italic text-sand/90">{c.hero.tagline}</p>
          {/* The price and Buy Now in the first screen, on a phone too (issue 13). */}
          <div ref={heroBuyRef} className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
            <p className="font-display text-4xl" data-testid="hero-price">
              <span className="sr-only">{c.everyPit.price}: </span>
              <bdi>{price}</bdi>
            </p>
            <BuyNow label={c.everyPit.buyNow} newTab={c.everyPit.newTab} testId="hero-buy-now" className="btn-light" />
          </div>
        </div>
      </section>

      <section
        style={foldSize(1224, 773, [1049, 773])}
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
          {/* A still: the old heritage loop's smoke was posterised (issue 13). */}
          <Picture
            src={catalogProduct(showcase.id).media.image}
            alt={c.heritage.image}
            sizes="(min-width: 768px) 45vw, 100vw"
            className="block overflow-hidden rounded-3xl"
            imgClassName="aspect-[4/5] h-full w-full object-cover md:aspect-[3/4]"
          />
        </Reveal>
      </section>

      <section
        className="below-fold bg-walnut-deep py-24 text-center text-sand md:py-32"
        style={foldSize(200, 172, [149, 133])}
      >
        <Reveal kind="fadeInUp" className="container-page">
          <h2 className="mx-auto max-w-4xl font-display text-4xl font-medium md:text-6xl">{c.riyadh.title}</h2>
          <p className="mt-6 text-lg text-sand/80">{c.riyadh.line}</p>
        </Reveal>
      </section>

      <MakingOf copy={c.making} record={r} />

      {/* The spec's second looping video: muted, looping, playing while in view, with a pause button. */}
      <section className="below-fold" style={foldSize(219, 720)} aria-label={c.loop.video}>
        <LoopVideo
          name="showcase-loop"
          alt={c.loop.video}
          sizes="100vw"
          className="relative aspect-[16/9] max-h-[80vh] w-full"
          controls={{ pause: c.loop.pause, play: c.loop.play }}
        />
      </section>

      <section
        style={foldSize(582, 268, [543, 289])}
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
            <bdi>{price}</bdi>
          </p>
          <div className="mt-8 grid gap-3">
            <BuyNow label={c.everyPit.buyNow} newTab={c.everyPit.newTab} testId="buy-now" />
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

      {catalog
        .filter((product) => product.id !== showcase.id)
        .map((product) => {
          const words = c.products[product.id];
          const name = product.shortName[lang];
          return (
            <section
              key={product.id}
              className="below-fold container-page pb-24 md:pb-32"
              style={foldSize(438, 684)}
              aria-labelledby={`${product.id}-teaser`}
              data-testid={`teaser-${product.id}`}
            >
              <Reveal kind="fadeIn" className="relative overflow-hidden rounded-3xl bg-ink text-sand">
                <Picture
                  src={product.media.teaser}
                  alt={words.teaser.image}
                  sizes="(min-width: 1280px) 1216px, 100vw"
                  className="block aspect-[4/5] opacity-80 sm:aspect-[16/9]"
                  imgClassName="h-full w-full object-cover"
                />
                <div className="absolute inset-0 flex flex-col items-center justify-center bg-ink/45 p-6 text-center">
                  <span className="rounded-full border border-sand/60 px-5 py-1.5 text-sm tracking-widest uppercase">
                    {c.teaser.soon}
                  </span>
                  <h2
                    id={`${product.id}-teaser`}
                    className="mt-5 max-w-2xl font-display text-3xl font-medium md:text-5xl"
                  >
                    {words.teaser.title}
                  </h2>
                  <p className="mt-3 text-sand/85">{words.teaser.line}</p>
                  <p className="mt-6 max-w-xl text-sand">
                    {interpolate(c.teaser.orderNow, { name })}{" "}
                    <bdi className="font-medium" data-testid={`teaser-price-${product.id}`}>
                      {formatPrice(priceOf(product.id), lang)}
                    </bdi>
                  </p>
                  <Link
                    to={`${to("/checkout")}?product=${product.id}`}
                    className="btn mt-4 border border-sand/70 text-sand hover:bg-sand hover:text-ink"
                    data-testid={`${product.id}-order`}
                  >
                    {interpolate(c.teaser.orderLink, { name })}
                  </Link>
                </div>
              </Reveal>
            </section>
          );
        })}

      {/* A phone's compact buy bar, once the hero's price and button have scrolled away. */}
      {showBar ? (
        <div
          className="fixed inset-x-0 bottom-0 z-30 border-t border-sand/15 bg-ink/95 text-sand backdrop-blur md:hidden"
          data-testid="buy-bar"
        >
          <div className="container-page flex items-center justify-between gap-4 py-3">
            <p className="text-sm">
              <span className="font-medium">{r.name}</span> · <bdi>{price}</bdi>
            </p>
            <BuyNow
              label={c.everyPit.buyNow}
              newTab={c.everyPit.newTab}
              testId="bar-buy-now"
              className="btn-accent min-h-10 px-5"
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** "Buy Now": the studio's own store when one is configured, otherwise the checkout for this piece. */
function BuyNow(props: { label: string; newTab: string; testId: string; className?: string }) {
  const to = useLocalizedPath();
  const className = props.className ?? "btn-primary";
  return siteConfig.STORE_URL ? (
    <a
      href={siteConfig.STORE_URL}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      data-testid={props.testId}
    >
      {props.label}
      <span className="sr-only"> {props.newTab}</span>
    </a>
  ) : (
    <Link to={`${to("/checkout")}?product=${showcase.id}`} className={className} data-testid={props.testId}>
      {props.label}
    </Link>
  );
}

/** True once the element has scrolled above the viewport (and false again when it comes back). */
function useScrolledPast(ref: React.RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return past;
}
