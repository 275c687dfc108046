import { Dialog } from "radix-ui";
import { NavLink } from "#client/lib/router.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { navPages } from "#shared/routes.ts";
import { CloseIcon } from "../ui/icons.tsx";
import { LanguageToggle } from "./language-toggle.tsx";

/** The full-screen overlay menu of small screens. */
export default function MobileMenu(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, dir } = useI18n();
  const to = useLocalizedPath();
  const close = () => props.onOpenChange(false);

  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          dir={dir}
          data-testid="mobile-menu"
          className="fixed inset-0 z-50 flex flex-col bg-ink text-sand"
          aria-describedby={undefined}
        >
          <div className="container-page flex h-16 items-center justify-between">
            <Dialog.Title className="font-display text-xl">{t("header.menuTitle")}</Dialog.Title>
            <Dialog.Close
              className="inline-flex h-10 w-10 items-center justify-center rounded-full"
              aria-label={t("header.closeMenu")}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label={t("nav.main")} className="container-page flex flex-1 flex-col justify-center">
            <ul className="grid gap-5">
              {navPages.map((page) => (
                <li key={page.id}>
                  <NavLink to={to(page.path)} end onClick={close} className="font-display text-4xl hover:text-accent">
                    {t(`nav.${page.id}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="container-page flex items-center gap-3 pb-10">
            <LanguageToggle onSwitch={close} />
            <NavLink to={to("/auth")} onClick={close} className="text-sm underline underline-offset-4">
              {t("header.signIn")}
            </NavLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
