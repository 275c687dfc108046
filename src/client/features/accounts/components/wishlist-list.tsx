import { useEffect, useState } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { Link } from "#client/lib/router.tsx";
import { getAuth } from "#client/lib/auth-store.ts";
import { mergeWishlistIntoAccount, readWishlist, toggleWishlist } from "#client/lib/wishlist.ts";
import { formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { fetchProducts, type ShopProduct } from "../api/products.ts";
import type { AccountsCopy } from "../copy.ts";

/** The words the list needs: the account page's, or the /wishlist page's own. */
export type WishlistCopy = AccountsCopy["account"]["wishlist"];

/**
 * The wishlist (DESIGN §3), in /account and on /wishlist. Signed in, showing it merges what this
 * browser holds into the account, so a piece added on another device shows here, and a removal
 * is the account's; signed out, it is this browser's list. Each piece links to its checkout.
 */
export function WishlistList({ copy }: { copy: WishlistCopy }) {
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const [ids, setIds] = useState<string[] | null>(null);
  const [catalog, setCatalog] = useState<ShopProduct[] | null>(null);

  useEffect(() => {
    if (getAuth().isAuthenticated) mergeWishlistIntoAccount().then(setIds, () => setIds(readWishlist()));
    else setIds(readWishlist());
    // Names and prices as the shop sells them today (the server's catalog, DESIGN D8).
    fetchProducts().then(setCatalog, () => setCatalog([]));
  }, []);

  const remove = async (id: string) => {
    try {
      await toggleWishlist(id);
    } catch {
      toast({ variant: "destructive", title: copy.failed });
      return;
    }
    setIds((list) => (list ?? []).filter((item) => item !== id));
    toast({ title: copy.removed });
  };

  if (ids === null || catalog === null) return <p aria-busy="true" className="h-6" />;
  const products = catalog.filter((product) => ids.includes(product.id));
  if (products.length === 0)
    return (
      <div className="grid gap-3">
        <p className="text-ink-soft">{copy.empty}</p>
        <Link to={to("/products")} className="btn-outline justify-self-start">
          {copy.browse}
        </Link>
      </div>
    );
  return (
    <ul className="grid gap-3" data-testid="wishlist-list">
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
            <span className="flex items-center gap-4">
              <Link
                to={`${to("/checkout")}?product=${encodeURIComponent(product.id)}`}
                className="btn-primary min-h-9 px-4"
                aria-label={interpolate(copy.buyNowLabel, { name })}
              >
                {copy.buyNow}
              </Link>
              <button
                type="button"
                onClick={() => void remove(product.id)}
                aria-label={interpolate(copy.remove, { name })}
                className="text-sm text-walnut underline underline-offset-4 hover:text-ink"
              >
                {copy.removeShort}
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
