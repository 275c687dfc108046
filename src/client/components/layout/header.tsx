import { lazy, Suspense, useState } from "react";
import { initialOf, useAuth, type AuthUser } from "#client/lib/auth-store.ts";
import { NavLink } from "#client/lib/router.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { navPages } from "#shared/routes.ts";
import { EyeMark, HeartIcon, MenuIcon, UserIcon } from "../ui/icons.tsx";
import { Tooltip } from "../ui/tooltip.tsx";
import { LanguageToggle } from "./language-toggle.tsx";
import { useHeaderVisibility } from "./use-header-visibility.ts";

// The overlay and its dialog code load on the first tap, not with every page.
const MobileMenu = lazy(() => import("./mobile-menu.tsx"));
// Signed in, the account button and its menu are their own chunk, loaded once a signed-in user
// is on screen: a signed-out visitor (most of them) never downloads them.
const AccountMenuButton = lazy(() => import("./account-menu.tsx"));

export function Header() {
  const { t } = useI18n();
  const to = useLocalizedPath();
  const visible = useHeaderVisibility();
  const [menuOpen, setMenuOpen] = useState(false);
  // A click on the initial before the menu's chunk is here: the menu opens when it arrives.
  const [accountClicked, setAccountClicked] = useState(false);
  const { user } = useAuth();

  return (
    <header
      data-testid="site-header"
      data-visible={visible}
      className={`fixed inset-x-0 top-0 z-40 border-b border-ink/5 bg-sand/90 backdrop-blur-md transition-transform duration-300 ${
        visible ? "translate-y-0" : "-translate-y-full"
      }`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <NavLink to={to("/")} className="flex items-center gap-2 text-ink" aria-label={t("header.homeLink")}>
          <EyeMark className="h-8 w-8" />
          <span className="font-display text-xl font-medium">{t("brand.name")}</span>
        </NavLink>

        <nav aria-label={t("nav.main")} className="hidden lg:block">
          <ul className="flex items-center gap-7">
            {navPages.map((page) => (
              <li key={page.id}>
                <NavLink
                  to={to(page.path)}
                  end
                  className={({ isActive }) =>
                    `text-sm transition-colors hover:text-walnut ${isActive ? "font-medium text-walnut" : "text-ink-soft"}`
                  }
                >
                  {t(`nav.${page.id}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageToggle />
          <Tooltip label={t("header.wishlist")}>
            {(trigger) => (
              <NavLink
                to={to("/wishlist")}
                {...trigger}
                aria-label={t("header.wishlist")}
                data-testid="wishlist-link"
                className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:text-walnut"
              >
                <HeartIcon />
              </NavLink>
            )}
          </Tooltip>
          {user ? (
            <Suspense fallback={<InitialBadge user={user} onClick={() => setAccountClicked(true)} />}>
              <AccountMenuButton user={user} openAtStart={accountClicked} />
            </Suspense>
          ) : (
            <Tooltip label={t("header.signIn")}>
              {(trigger) => (
                <NavLink
                  to={to("/auth")}
                  {...trigger}
                  aria-label={t("header.account")}
                  data-testid="account-button"
                  data-signed-in="false"
                  // Before hydration, a remembered user's initial takes the icon's place (boot.ts, styles.css).
                  className="account-signed-out inline-flex h-10 w-10 items-center justify-center rounded-full border border-current"
                >
                  <UserIcon />
                </NavLink>
              )}
            </Tooltip>
          )}
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full lg:hidden"
            aria-label={t("header.openMenu")}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            data-testid="mobile-menu-button"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * Until the account menu's chunk is here: the same circle with the initial. A click on it is kept
 * (the menu opens as the chunk arrives) rather than lost.
 */
function InitialBadge({ user, onClick }: { user: AuthUser; onClick: () => void }) {
  const { t, lang } = useI18n();
  return (
    <button
      type="button"
      aria-label={t("header.account")}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="account-button"
      data-signed-in="true"
      onClick={onClick}
      className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-current bg-ink font-medium text-sand"
    >
      <span aria-hidden="true">{initialOf(user, lang)}</span>
    </button>
  );
}
