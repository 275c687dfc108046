import { WishlistList } from "#client/features/accounts/components/wishlist-list.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { useAuth } from "#client/lib/auth-store.ts";
import { Link } from "#client/lib/router.tsx";

export const copy = defineLazyCopy({ en: () => import("./wishlist.en.ts"), ar: () => import("./wishlist.ar.ts") });

/**
 * /wishlist (issue 13): the pieces a visitor saved, signed in or not, reached from the header's
 * heart. Signed in, it is the account's list (merged with this browser's on opening).
 */
export default function WishlistPage() {
  const c = useCopy(copy);
  const to = useLocalizedPath();
  const { isAuthenticated } = useAuth();
  return (
    <div className="container-page max-w-3xl py-32 md:py-40">
      <h1 className="font-display text-5xl font-medium">{c.title}</h1>
      <p className="mt-4 text-lg text-ink-soft">{c.lead}</p>
      <div className="mt-10">
        <WishlistList copy={c.wishlist} />
      </div>
      {isAuthenticated ? null : (
        <p className="mt-8">
          <Link
            to={`${to("/auth")}?next=${encodeURIComponent(to("/wishlist"))}`}
            className="text-walnut underline underline-offset-4"
          >
            {c.signIn}
          </Link>
        </p>
      )}
    </div>
  );
}
