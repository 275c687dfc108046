import { Picture } from "#client/components/ui/picture.tsx";
import { ContactChannels } from "#client/features/contact/components/contact-channels.tsx";
import { ContactForm } from "#client/features/contact/components/contact-form.tsx";
import { TiltImage } from "#client/features/contact/components/tilt-image.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { showcaseStills } from "#content/hero-media.ts";

// The feature's own copy, loaded by this page (main.tsx fetches it before hydrating).
export const copy = defineLazyCopy({
  en: () => import("#client/features/contact/contact.en.ts"),
  ar: () => import("#client/features/contact/contact.ar.ts"),
});

/** /contact (spec §2): the tilting image, "Let's talk about products.", the form and the channels. */
export default function ContactPage() {
  const c = useCopy(copy);
  return (
    <div className="container-page grid gap-14 pt-28 pb-24 md:pt-36 lg:grid-cols-[5fr_4fr] lg:gap-20">
      <div className="grid content-start gap-8">
        <header>
          <p className="eyebrow">{c.hero.eyebrow}</p>
          <h1 className="mt-4 font-display text-5xl leading-[1.08] font-medium md:text-6xl">{c.hero.title}</h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft">{c.hero.lead}</p>
        </header>
        <TiltImage className="max-w-xl">
          <Picture
            src={showcaseStills.top}
            alt={c.hero.image}
            sizes="(min-width: 1024px) 36rem, 100vw"
            priority
            className="block overflow-hidden rounded-3xl shadow-xl"
            imgClassName="aspect-[4/3] h-full w-full object-cover"
          />
        </TiltImage>
      </div>
      <div className="grid content-start gap-12">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-8"
        >
          <h2 id="contact-form-title" className="mb-6 font-display text-3xl font-medium">
            {c.form.title}
          </h2>
          <ContactForm copy={c} headingId="contact-form-title" />
        </section>
        <section aria-labelledby="contact-channels-title">
          <h2 id="contact-channels-title" className="mb-4 font-display text-2xl font-medium">
            {c.channels.title}
          </h2>
          <ContactChannels copy={c} />
        </section>
      </div>
    </div>
  );
}
