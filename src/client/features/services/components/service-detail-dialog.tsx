import { useId } from "react";
import { CloseIcon } from "#client/components/ui/icons.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { siteConfig } from "#client/lib/site-config.ts";
import type { ServicesCopy } from "../copy.ts";
import { serviceWhatsAppUrl } from "../lib/whatsapp.ts";

type Props = {
  title: string;
  description: string;
  copy: ServicesCopy;
  onClose: () => void;
  onRequest: () => void;
};

/** A service's detail dialog (spec §2): the full description, close, Request Service and WhatsApp. */
export function ServiceDetailDialog({ title, description, copy, onClose, onRequest }: Props) {
  const id = useId();
  return (
    <Modal
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      testId="service-detail"
      className="w-[calc(100vw-1.5rem)] max-w-2xl"
    >
      <div className="relative max-h-[92vh] overflow-y-auto rounded-3xl bg-sand p-7 shadow-2xl sm:p-10">
        <h2 id={`${id}-title`} className="pe-12 font-display text-3xl font-medium md:text-4xl">
          {title}
        </h2>
        <p id={`${id}-text`} className="mt-5 text-lg leading-relaxed text-ink-soft" data-testid="service-description">
          {description}
        </p>
        <div className="mt-8 grid gap-3 sm:grid-cols-2">
          <button type="button" className="btn-primary uppercase" onClick={onRequest} data-testid="service-request">
            {copy.detail.request}
          </button>
          <a
            href={serviceWhatsAppUrl(siteConfig.WHATSAPP_NUMBER, copy.detail.whatsappMessage, title)}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-outline uppercase"
            data-testid="service-whatsapp"
          >
            {copy.detail.whatsapp}
            <span className="sr-only"> {copy.detail.newTab}</span>
          </a>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={copy.detail.close}
          className="absolute end-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand-deep"
        >
          <CloseIcon />
        </button>
      </div>
    </Modal>
  );
}
