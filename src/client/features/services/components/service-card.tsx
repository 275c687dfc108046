import { useI18n } from "#client/i18n/i18n.tsx";
import { localizeDigits } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Service } from "#content/services.ts";
import { previewText } from "../lib/preview.ts";
import type { ServicesCopy } from "../copy.ts";

type Props = { service: Service; title: string; description: string; copy: ServicesCopy; onOpen: () => void };

/**
 * A service card (spec §2): title, the description's first 100 characters and Learn More. The
 * whole card is the link's target; without JavaScript it leads to the full text on the page.
 */
export function ServiceCard({ service, title, description, copy, onOpen }: Props) {
  const { lang } = useI18n();
  return (
    <li
      className="group relative flex flex-col gap-4 rounded-3xl border border-sand-deep bg-white/60 p-7 transition-colors focus-within:border-walnut hover:border-walnut"
      data-testid="service-card"
    >
      <span className="font-display text-5xl text-walnut" aria-hidden="true">
        <bdi>{localizeDigits(String(service.id).padStart(2, "0"), lang)}</bdi>
      </span>
      <h2 className="font-display text-2xl font-medium">{title}</h2>
      <p className="leading-relaxed text-ink-soft" data-testid="service-preview">
        {previewText(description)}
      </p>
      <a
        href={`#${service.slug}`}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        className="mt-auto inline-flex min-h-11 items-center gap-2 text-sm font-medium tracking-widest text-accent-ink uppercase after:absolute after:inset-0 after:rounded-3xl"
        data-testid="service-learn-more"
      >
        {copy.cards.learnMore}
        <span className="sr-only"> {interpolate(copy.cards.learnMoreAbout, { title })}</span>
      </a>
    </li>
  );
}
