import { Link } from "#client/lib/router.tsx";
import { foldSize } from "#client/components/ui/fold-size.ts";
import { ArrowIcon } from "#client/components/ui/icons.tsx";
import { Picture } from "#client/components/ui/picture.tsx";
import { Reveal } from "#client/components/ui/reveal.tsx";
import { SectionHeading } from "#client/components/ui/section-heading.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { catalog } from "#content/catalog.ts";

export const copy = defineLazyCopy({ en: () => import("./about.en.ts"), ar: () => import("./about.ar.ts") });

export default function AboutPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  return (
    // Sliding reveals start up to 48 px outside their box: keep that from scrolling the page sideways.
    <div className="overflow-x-clip">
      <section className="container-page grid items-center gap-12 pt-28 pb-20 md:grid-cols-[5fr_4fr] md:pt-36 md:pb-28">
        <div>
          <p className="eyebrow">{c.hero.eyebrow}</p>
          <h1 className="mt-4 font-display text-5xl leading-[1.08] font-medium md:text-6xl">{c.hero.title}</h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft">{c.hero.body}</p>
          <div className="mt-9 flex flex-wrap gap-3">
            <Link to={to("/products")} className="btn-primary" data-testid="about-products">
              {c.hero.explore}
              <ArrowIcon className="flip-rtl" />
            </Link>
            <Link to={to("/services")} className="btn-outline" data-testid="about-services">
              {c.hero.services}
            </Link>
          </div>
        </div>
        <Picture
          src="bts-2.jpg"
          alt={c.hero.image}
          sizes="(min-width: 768px) 42vw, 100vw"
          priority
          className="block overflow-hidden rounded-3xl"
          imgClassName="aspect-[4/3] h-full w-full object-cover"
        />
      </section>

      <section
        className="below-fold bg-ink py-24 text-sand md:py-32"
        style={foldSize(500, 264, [437, 183])}
        aria-labelledby="eye"
      >
        <div className="container-page grid items-center gap-12 md:grid-cols-[2fr_3fr]">
          <Reveal kind="scaleIn" className="mx-auto w-48 md:w-72">
            <Picture src="eye-logo-light.svg" alt={c.eye.logo} sizes="288px" imgClassName="h-auto w-full" />
          </Reveal>
          <Reveal kind="slideLeft" delay={150}>
            <p className="eyebrow text-accent">{c.eye.eyebrow}</p>
            <h2 id="eye" className="mt-4 font-display text-4xl leading-tight font-medium md:text-5xl">
              {c.eye.statement}
            </h2>
            <p className="mt-6 text-lg leading-relaxed text-sand/80">{c.eye.body}</p>
          </Reveal>
        </div>
      </section>

      <section
        className="below-fold container-page py-24 md:py-32"
        style={foldSize(1438, 858, [1446, 910])}
        aria-labelledby="our-products"
      >
        <Reveal kind="fadeInUp" className="flex flex-wrap items-end justify-between gap-6">
          <div>
            <SectionHeading id="our-products" eyebrow={c.products.eyebrow} title={c.products.title} />
          </div>
          <Link to={to("/products")} className="btn-outline">
            {c.products.link}
            <ArrowIcon className="flip-rtl" />
          </Link>
        </Reveal>
        <ul className="mt-12 grid gap-10 md:grid-cols-2">
          {catalog.map(({ id, shortName, media }, i) => (
            <Reveal key={id} as="li" kind="slideUp" delay={i * 150}>
              <Picture
                src={media.image}
                alt={c.products.items[id].imageAlt}
                sizes="(min-width: 768px) 45vw, 100vw"
                className="block overflow-hidden rounded-3xl"
                imgClassName="aspect-[4/3] h-full w-full object-cover"
              />
              <h3 className="mt-5 font-display text-3xl">{shortName[lang]}</h3>
              <p className="mt-1 text-ink-soft">{c.products.items[id].about}</p>
            </Reveal>
          ))}
        </ul>
        <dl className="mt-20 grid gap-8 border-t border-walnut/20 pt-12 sm:grid-cols-3">
          {c.values.items.map((item, i) => (
            <Reveal key={item.label} kind="fadeInUp" delay={i * 120}>
              <dt className="font-display text-5xl text-walnut">
                <bdi>{item.value}</bdi>
              </dt>
              <dd className="mt-2 text-ink-soft">{item.label}</dd>
            </Reveal>
          ))}
        </dl>
      </section>

      <section
        className="below-fold bg-walnut-deep py-24 text-sand md:py-32"
        style={foldSize(228, 220, [237, 241])}
        aria-labelledby="team"
      >
        <Reveal kind="fadeInUp" className="container-page flex flex-col items-center text-center">
          <h2 id="team" className="font-display text-4xl font-medium md:text-6xl">
            {c.team.title}
          </h2>
          <p className="mt-5 max-w-xl text-lg text-sand/80">{c.team.body}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link to={to("/contact")} className="btn-accent" data-testid="team-contact">
              {c.team.start}
            </Link>
            <Link
              to={to("/services")}
              className="btn-outline border-sand/60 hover:bg-sand hover:text-ink"
              data-testid="team-services"
            >
              {c.team.services}
            </Link>
          </div>
        </Reveal>
      </section>
    </div>
  );
}
