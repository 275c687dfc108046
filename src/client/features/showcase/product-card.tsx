import { useState } from "react";
import { Link } from "#client/lib/router.tsx";
import { Picture } from "#client/components/ui/picture.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { formatPrice } from "#shared/i18n/format.ts";
import { catalogProduct, priceOf, type CatalogProductId } from "#content/catalog.ts";
import { CartIcon, InfoIcon, ZoomIcon } from "./icons.tsx";

export type CardCopy = {
  name: string;
  line: string;
  info: readonly string[];
  open: string;
  zoom: string;
  cart: string;
  moreInfo: string;
};

type Props = {
  id: CatalogProductId;
  copy: CardCopy;
  onOpen: () => void;
  onZoom: () => void;
  /** Warms the dialogs' chunks on the first sign of intent. */
  onIntent: () => void;
};

/**
 * A product card of the home page: the image opens the product modal, the magnifier the zoom
 * viewer, the cart icon the checkout for this product (DESIGN §3). The info-card shows on hover,
 * on keyboard focus and, on touch screens, with the "i" button.
 */
export function ProductCard({ id, copy, onOpen, onZoom, onIntent }: Props) {
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const [infoOpen, setInfoOpen] = useState(false);
  const infoId = `info-${id}`;
  const round =
    "inline-flex h-11 w-11 items-center justify-center rounded-full bg-sand/95 text-ink shadow-sm hover:bg-white";

  return (
    <article className="group relative" data-testid={`card-${id}`} onPointerEnter={onIntent} onFocus={onIntent}>
      <div className="relative overflow-hidden rounded-3xl bg-sand-deep">
        <button
          type="button"
          onClick={onOpen}
          className="block w-full cursor-pointer"
          aria-haspopup="dialog"
          aria-describedby={infoId}
        >
          <span className="sr-only">{copy.open}</span>
          <Picture
            src={catalogProduct(id).media.image}
            alt=""
            sizes="(min-width: 768px) 45vw, 100vw"
            className="block aspect-square"
            imgClassName="h-full w-full object-cover transition-transform duration-700 group-hover:scale-[1.03]"
          />
        </button>
        <div
          id={infoId}
          role="note"
          data-testid={`info-${id}`}
          data-open={infoOpen ? "true" : "false"}
          className={`pointer-events-none absolute inset-x-4 bottom-4 rounded-2xl bg-ink/85 p-4 text-sm text-sand backdrop-blur transition-all duration-300 group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100 ${infoOpen ? "translate-y-0 opacity-100" : "translate-y-2 opacity-0"}`}
        >
          <ul className="grid gap-1">
            {copy.info.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div className="absolute end-3 top-3 flex gap-2">
          <button
            type="button"
            className={`${round} md:hidden`}
            aria-expanded={infoOpen}
            aria-controls={infoId}
            aria-label={copy.moreInfo}
            onClick={() => setInfoOpen((v) => !v)}
          >
            <InfoIcon />
          </button>
          <button type="button" className={round} onClick={onZoom} aria-haspopup="dialog" aria-label={copy.zoom}>
            <ZoomIcon />
          </button>
          <Link
            to={`${to("/checkout")}?product=${id}`}
            className={round}
            aria-label={copy.cart}
            data-testid={`cart-${id}`}
          >
            <CartIcon />
          </Link>
        </div>
      </div>
      <div className="mt-5 flex items-baseline justify-between gap-4">
        <div>
          <h3 className="font-display text-3xl font-medium">{copy.name}</h3>
          <p className="mt-1 text-ink-soft">{copy.line}</p>
        </div>
        <p className="shrink-0 text-lg text-walnut" data-testid={`price-${id}`}>
          <bdi>{formatPrice(priceOf(id), lang)}</bdi>
        </p>
      </div>
    </article>
  );
}
