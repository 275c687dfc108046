import { Dialog } from "radix-ui";
import { Link } from "#client/lib/router.tsx";
import { CloseIcon } from "#client/components/ui/icons.tsx";
import { Picture } from "#client/components/ui/picture.tsx";
import { useCopy } from "#client/i18n/lazy-copy.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { siteConfig } from "#client/lib/site-config.ts";
import { formatPrice } from "#shared/i18n/format.ts";
import type { CatalogProductId } from "../../../../content/catalog.ts";
import { priceOf, productMedia } from "../../../../content/showcase.ts";
import { showcaseCopy } from "./copy.ts";

type Props = { productId: CatalogProductId; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The product modal of the home page (spec §2): name, price, description (and for Nawat its
 * contents, materials and dimensions), Buy Now and Get Custom Proposal. Radix locks the page's
 * scroll while it is open and closes it on the backdrop, the close button and Escape.
 */
export default function ProductModal({ productId, open, onOpenChange }: Props) {
  const { lang, dir } = useI18n();
  const copy = useCopy(showcaseCopy);
  const to = useLocalizedPath();
  const product = copy.products[productId];
  const store = siteConfig.STORE_URL;
  const details: [string, readonly string[]][] = [
    [product.componentsTitle, product.components],
    [product.materialsTitle, product.materials ? [product.materials] : []],
    [product.dimensionsTitle, [product.dimensions.medium, product.dimensions.large].filter(Boolean)],
  ];

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="modal-backdrop" className="fixed inset-0 z-50 bg-ink/60 backdrop-blur-sm" />
        <Dialog.Content
          dir={dir}
          data-testid="product-modal"
          className="fixed inset-x-3 top-1/2 z-50 mx-auto max-h-[92vh] max-w-4xl -translate-y-1/2 overflow-y-auto rounded-3xl bg-sand shadow-2xl outline-none sm:inset-x-6"
        >
          <div className="grid md:grid-cols-2">
            <Picture
              src={productMedia[productId].image}
              alt=""
              sizes="(min-width: 768px) 448px, 100vw"
              width={1200}
              height={1200}
              className="block aspect-square bg-sand-deep md:aspect-auto md:h-full"
              imgClassName="h-full w-full object-cover"
            />
            <div className="flex flex-col gap-5 p-6 sm:p-8">
              <div>
                <Dialog.Title className="font-display text-3xl font-medium md:text-4xl">{product.name}</Dialog.Title>
                <p className="mt-2 text-xl text-walnut">
                  <bdi>{formatPrice(priceOf(productId), lang)}</bdi>
                </p>
              </div>
              <Dialog.Description className="leading-relaxed text-ink-soft">{product.description}</Dialog.Description>
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
                  <a href={store} target="_blank" rel="noopener noreferrer" className="btn-primary">
                    {copy.modal.buyNow}
                    <span className="sr-only"> {copy.modal.newTab}</span>
                  </a>
                ) : (
                  <Link to={`${to("/checkout")}?product=${productId}`} className="btn-primary">
                    {copy.modal.buyNow}
                  </Link>
                )}
                <Link to={to("/proposal")} className="btn-outline">
                  {copy.modal.proposal}
                </Link>
                <p className="text-center text-xs text-ink-soft">{copy.modal.bulkNote}</p>
              </div>
            </div>
          </div>
          <Dialog.Close
            aria-label={copy.modal.close}
            className="absolute end-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-sand/90 shadow"
          >
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
