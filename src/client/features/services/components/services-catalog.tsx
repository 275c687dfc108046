import { lazy, Suspense, useState } from "react";
import { foldSize } from "#client/components/ui/fold-size.ts";
import { Reveal } from "#client/components/ui/reveal.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { services, type Service, type ServiceId } from "#content/services.ts";
import type { ServicesCopy } from "../copy.ts";
import { ServiceCard } from "./service-card.tsx";
import { ServiceDetailDialog } from "./service-detail-dialog.tsx";

// The form (react-hook-form, zod) loads when a visitor first shows intent to request a service.
const loadRequestDialog = () => import("./service-request-dialog.tsx");
const ServiceRequestDialog = lazy(loadRequestDialog);

type Open = { kind: "detail" | "request"; id: ServiceId } | null;

function texts(service: Service, lang: "en" | "ar") {
  return lang === "ar"
    ? { title: service.titleAr, description: service.descriptionAr }
    : { title: service.titleEn, description: service.descriptionEn };
}

/**
 * The five services (spec §2 Services, §4): cards in 1, 2 or 3 columns, a detail dialog per card,
 * and from it the request form dialog. Below the cards each service's full text is on the page
 * itself, under an anchor, so every description is in the prerendered HTML.
 */
export function ServicesCatalog({ copy }: { copy: ServicesCopy }) {
  const { lang } = useI18n();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const current = open ? services.find((s) => s.id === open.id) : undefined;

  return (
    <>
      <section className="container-page pb-24" aria-label={copy.cards.label}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <ServiceCard
              key={service.id}
              service={service}
              {...texts(service, lang)}
              copy={copy}
              onOpen={() => {
                void loadRequestDialog();
                setOpen({ kind: "detail", id: service.id });
              }}
            />
          ))}
        </ul>
      </section>

      <section
        className="below-fold bg-sand-deep/60 py-24 md:py-32"
        style={foldSize(2267, 1329, [1996, 1291])}
        aria-labelledby="service-details"
      >
        <div className="container-page">
          <Reveal kind="fadeInUp" className="max-w-2xl">
            <p className="eyebrow">{copy.details.eyebrow}</p>
            <h2 id="service-details" className="mt-3 font-display text-4xl font-medium md:text-5xl">
              {copy.details.title}
            </h2>
          </Reveal>
          <div className="mt-14 grid gap-14">
            {services.map((service) => {
              const { title, description } = texts(service, lang);
              return (
                <article
                  key={service.id}
                  id={service.slug}
                  className="grid scroll-mt-28 gap-4 border-t border-walnut/20 pt-8 md:grid-cols-[1fr_2fr] md:gap-10"
                  aria-labelledby={`${service.slug}-title`}
                >
                  <h3 id={`${service.slug}-title`} className="font-display text-3xl font-medium">
                    {title}
                  </h3>
                  <div>
                    <p className="text-lg leading-relaxed text-ink-soft">{description}</p>
                    <button
                      type="button"
                      className="btn-outline mt-6"
                      onPointerEnter={() => void loadRequestDialog()}
                      onFocus={() => void loadRequestDialog()}
                      onClick={() => setOpen({ kind: "request", id: service.id })}
                    >
                      {copy.details.request}
                      <span className="sr-only">: {title}</span>
                    </button>
                  </div>
                </article>
              );
            })}
          </div>
        </div>
      </section>

      {open && current ? (
        open.kind === "detail" ? (
          <ServiceDetailDialog
            {...texts(current, lang)}
            copy={copy}
            onClose={close}
            onRequest={() => setOpen({ kind: "request", id: current.id })}
          />
        ) : (
          <Suspense fallback={null}>
            <ServiceRequestDialog service={current} copy={copy} onClose={close} />
          </Suspense>
        )
      ) : null}
    </>
  );
}
