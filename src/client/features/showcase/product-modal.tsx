import { useId } from "react";
import { Link } from "#client/lib/router.tsx";
import { CloseIcon } from "#client/components/ui/icons.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Picture } from "#client/components/ui/picture.tsx";
import { useCopy } from "#client/i18n/lazy-copy.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { siteConfig } from "#client/lib/site-config.ts";
import { formatPrice } from "#shared/i18n/format.ts";
import { catalogProduct, priceOf, productName, type CatalogProductId } from "#content/catalog.ts";
import { showcaseCopy } from "./copy.ts";

type Props = { productId: CatalogProductId; onClose: () => void };

/**
 * The product modal of the home page (spec §2): name, price, description (and the contents,
 * materials and dimensions a product's words give), Buy Now and Get Custom Proposal. The page's scroll is
 * locked while it is open; the backdrop, the close button and Escape close it.
 */
export default function ProductModal({ productId, onClose }: Props) {
  const { lang } = useI18n();
  const copy = useCopy(showcaseCopy);
  const to = useLocalizedPath();
  const id = useId();
  const product = copy.products[productId];
  const store = siteConfig.STORE_URL;
  const details: [string, readonly string[]][] = [
    [product.componentsTitle, product.components],
    [product.materialsTitle, product.materials ? [product.materials] : []],
    [product.dimensionsTitle, [product.dimensions.medium, product.dimensions.large].filter(Boolean)],
  ];

  return (
    <Modal
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      testId="product-modal"
      className="w-[calc(100vw-1.5rem)] max-w-4xl"
    >
      <div className="relative max-h-[92vh] overflow-y-auto rounded-3xl bg-sand shadow-2xl">
        <div className="grid md:grid-cols-2">
          <Picture
            src={catalogProduct(productId).media.image}
            alt=""
            sizes="(min-width: 768px) 448px, 100vw"
            className="block aspect-square bg-sand-deep md:aspect-auto md:h-full"
            imgClassName="h-full w-full object-cover"
          />
          <div className="flex flex-col gap-5 p-6 sm:p-8">
            <div>
              <h2 id={`${id}-title`} className="font-display text-3xl font-medium md:text-4xl">
                {productName(productId, lang)}
              </h2>
              <p className="mt-2 text-xl text-walnut" data-testid="modal-price">
                <bdi>{formatPrice(priceOf(productId), lang)}</bdi>
              </p>
            </div>
            <p id={`${id}-text`} className="leading-relaxed text-ink-soft">
              {product.description}
            </p>
            {details.some(([, items]) => items.length) ? (
              <dl className="grid gap-4 border-t border-sand-deep pt-5 text-sm">
                {details.map(([title, items]) =>
                  items.length ? (
                    <div key={title}>
                      <dt className="eyebrow mb-1">{title}</dt>
                      {items.map((item) => (
                        <dd key={item}>{item}</dd>
                      ))}
                    </div>
                  ) : null,
                )}
              </dl>
            ) : null}
            <div className="mt-auto grid gap-3 pt-2">
              {store ? (
                <a
                  href={store}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn-primary"
                  data-testid="modal-buy"
                >
                  {copy.modal.buyNow}
                  <span className="sr-only"> {copy.modal.newTab}</span>
                </a>
              ) : (
                <Link
                  to={`${to("/checkout")}?product=${productId}`}
                  onClick={onClose}
                  className="btn-primary"
                  data-testid="modal-buy"
                >
                  {copy.modal.buyNow}
                </Link>
              )}
              <Link
                to={`${to("/proposal")}?product=${productId}`}
                onClick={onClose}
                className="btn-outline"
                data-testid="modal-proposal"
              >
                {copy.modal.proposal}
              </Link>
              <p className="text-center text-xs text-ink-soft">{copy.modal.bulkNote}</p>
            </div>
          </div>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={copy.modal.close}
          className="absolute end-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-sand/90 shadow"
        >
          <CloseIcon />
        </button>
      </div>
    </Modal>
  );
}
