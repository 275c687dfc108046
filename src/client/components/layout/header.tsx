import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useAuth, type AuthUser } from "#client/lib/auth-store.ts";
import { NavLink } from "#client/lib/router.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { navPages } from "#shared/routes.ts";
import { EyeMark, MenuIcon, UserIcon } from "../ui/icons.tsx";
import { Tooltip } from "../ui/tooltip.tsx";
import { LanguageToggle } from "./language-toggle.tsx";
import { useHeaderVisibility } from "./use-header-visibility.ts";

// The overlay and its dialog code load on the first tap, not with every page.
const MobileMenu = lazy(() => import("./mobile-menu.tsx"));
// The account menu's code loads once a signed-in user is on screen (or the menu is opened).
const loadAccountMenu = () => import("./account-menu.tsx");
const AccountMenu = lazy(loadAccountMenu);

export function Header() {
  const { t } = useI18n();
  const to = useLocalizedPath();
  const visible = useHeaderVisibility();
  const [menuOpen, setMenuOpen] = useState(false);
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
          {user ? (
            <AccountButton user={user} />
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

/** The first letter of the first name (spec §2), as one character even outside the BMP. */
function initialOf(user: AuthUser, lang: string): string {
  return ([...user.firstName.trim()][0] ?? "?").toLocaleUpperCase(lang);
}

type Focus = "first" | "last";

/**
 * Signed in: a menu button showing the initial (spec §2). The menu (full name, e-mail, Admin
 * Dashboard for admins, My account, Sign Out) is its own chunk, fetched as soon as the button is
 * on screen; it opens by click or by keyboard (Enter, Space, arrow keys) and gives focus back to
 * the button when it closes by Escape or by choosing an item.
 */
function AccountButton({ user }: { user: AuthUser }) {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState<Focus | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = `${user.firstName} ${user.lastName}`;

  useEffect(() => void loadAccountMenu().catch(() => undefined), []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? "first" : "last");
    }
  };
  const close = (returnFocus: boolean) => {
    setOpen(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  return (
    <div className="relative">
      <Tooltip label={t("header.signedInAs", { name })}>
        {(trigger) => (
          <button
            ref={buttonRef}
            type="button"
            {...trigger}
            id={`${menuId}-button`}
            aria-label={t("header.account")}
            aria-haspopup="menu"
            aria-expanded={open !== null}
            aria-controls={open ? menuId : undefined}
            data-testid="account-button"
            data-signed-in="true"
            onClick={() => setOpen((current) => (current ? null : "first"))}
            onKeyDown={onKeyDown}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-current bg-ink font-medium text-sand"
          >
            <span aria-hidden="true">{initialOf(user, lang)}</span>
          </button>
        )}
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <AccountMenu
            id={menuId}
            labelledBy={`${menuId}-button`}
            user={user}
            initialFocus={open}
            buttonRef={buttonRef}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
