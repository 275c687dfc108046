import { useLocation, useNavigate } from "#client/lib/router.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { rememberLanguage } from "#client/i18n/remember-language.ts";
import { twinUrl } from "#shared/lang.ts";

/** Shows AR in English and EN in Arabic; goes to the twin page and remembers the choice. */
export function LanguageToggle(props: { className?: string; onSwitch?: () => void }) {
  const { t, lang } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const target = lang === "en" ? "ar" : "en";

  return (
    <a
      href={twinUrl(location.pathname, location.search, location.hash, target)}
      hrefLang={target}
      lang={target}
      aria-label={t("header.toggleLanguageLabel")}
      data-testid="language-toggle"
      className={`inline-flex h-10 min-w-10 items-center justify-center rounded-full border border-current px-3 text-xs font-medium tracking-widest ${props.className ?? ""}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        rememberLanguage(target);
        props.onSwitch?.();
        void navigate(twinUrl(location.pathname, location.search, location.hash, target), {
          preventScrollReset: true,
        });
      }}
    >
      {t("header.toggleLanguage")}
    </a>
  );
}
