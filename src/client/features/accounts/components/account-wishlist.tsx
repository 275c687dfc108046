import { useEffect, useState } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { apiJson } from "#client/lib/api.ts";
import { Link } from "#client/lib/router.tsx";
import { mergeWishlistIntoAccount, toggleWishlist } from "#client/lib/wishlist.ts";
import { formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { AccountsCopy } from "../copy.ts";

type CatalogProduct = { id: string; name: string; nameAr: string; priceHalalas: number };

/**
 * The account's wishlist (DESIGN §3). Opening the page merges what this browser holds into the
 * account, so a piece added on another device shows here, and a removal is the account's.
 */
export function AccountWishlist({ copy }: { copy: AccountsCopy }) {
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const [ids, setIds] = useState<string[] | null>(null);
  const [catalog, setCatalog] = useState<CatalogProduct[] | null>(null);

  useEffect(() => {
    mergeWishlistIntoAccount().then(setIds, () => setIds([]));
    // Names and prices as the shop sells them today (the server's catalog, DESIGN D8).
    apiJson<{ products: CatalogProduct[] }>("GET", "/api/products").then(
      (answer) => setCatalog(answer.products),
      () => setCatalog([]),
    );
  }, []);

  const remove = async (id: string) => {
    try {
      await toggleWishlist(id);
    } catch {
      toast({ variant: "destructive", title: copy.account.wishlist.failed });
      return;
    }
    setIds((list) => (list ?? []).filter((item) => item !== id));
    toast({ title: copy.account.wishlist.removed });
  };

  if (ids === null || catalog === null) return <p aria-busy="true" className="h-6" />;
  const products = catalog.filter((product) => ids.includes(product.id));
  if (products.length === 0)
    return (
      <div className="grid gap-3">
        <p className="text-ink-soft">{copy.account.wishlist.empty}</p>
        <Link to={to("/products")} className="btn-outline justify-self-start">
          {copy.account.wishlist.browse}
        </Link>
      </div>
    );
  return (
    <ul className="grid gap-3" data-testid="account-wishlist">
      {products.map((product) => {
        const name = lang === "ar" ? product.nameAr : product.name;
        return (
          <li
            key={product.id}
            className="flex items-center justify-between gap-4 rounded-2xl border border-sand-deep bg-white px-4 py-3"
          >
            <span>
              <span className="font-medium">{name}</span>
              <span className="ms-3 text-sm text-ink-soft">
                <bdi>{formatPrice(product.priceHalalas, lang)}</bdi>
              </span>
            </span>
            <button
              type="button"
              onClick={() => void remove(product.id)}
              aria-label={interpolate(copy.account.wishlist.remove, { name })}
              className="text-sm text-walnut underline underline-offset-4 hover:text-ink"
            >
              {copy.account.wishlist.removeShort}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
