import { useAuth } from "#client/lib/auth-store.ts";
import { NavLink } from "#client/lib/router.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { navPages } from "#shared/routes.ts";
import { CloseIcon } from "../ui/icons.tsx";
import { Modal } from "../ui/modal.tsx";
import { LanguageToggle } from "./language-toggle.tsx";

/** The full-screen overlay menu of small screens, shown while mounted. */
export default function MobileMenu(props: { onClose: () => void }) {
  const { t } = useI18n();
  const to = useLocalizedPath();
  const { onClose } = props;
  const { isAuthenticated } = useAuth();

  return (
    <Modal
      onClose={onClose}
      labelledBy="mobile-menu-title"
      testId="mobile-menu"
      className="m-0! h-dvh! max-h-none! w-screen! max-w-none! bg-ink! text-sand!"
    >
      <div className="flex h-full flex-col">
        <div className="container-page flex h-16 items-center justify-between">
          <h2 id="mobile-menu-title" className="font-display text-xl">
            {t("header.menuTitle")}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full"
            aria-label={t("header.closeMenu")}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t("nav.main")} className="container-page flex flex-1 flex-col justify-center">
          <ul className="grid gap-5">
            {navPages.map((page) => (
              <li key={page.id}>
                <NavLink
                  to={to(page.path)}
                  end
                  onClick={onClose}
                  className={({ isActive }) =>
                    `inline-flex items-center gap-3 font-display text-4xl hover:text-accent ${
                      isActive ? "text-accent before:h-2 before:w-2 before:rounded-full before:bg-accent" : ""
                    }`
                  }
                >
                  {t(`nav.${page.id}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="container-page flex items-center gap-3 pb-10">
          <LanguageToggle onSwitch={onClose} />
          {isAuthenticated ? null : (
            <NavLink to={to("/auth")} onClick={onClose} className="text-sm underline underline-offset-4">
              {t("header.signIn")}
            </NavLink>
          )}
        </div>
      </div>
    </Modal>
  );
}
