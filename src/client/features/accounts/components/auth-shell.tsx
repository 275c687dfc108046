import type { ReactNode } from "react";
import { ArrowIcon, EyeMark } from "#client/components/ui/icons.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { Link } from "#client/lib/router.tsx";
import type { AccountsCopy } from "../copy.ts";

/**
 * The frame of the pages that stand without the site's header and footer (spec §2: /auth, and the
 * pages the e-mailed links open): the back-to-home button, the studio's mark, one card.
 */
export function AuthShell(props: { copy: AccountsCopy; children: ReactNode }) {
  const { t } = useI18n();
  const to = useLocalizedPath();
  return (
    <div className="min-h-svh bg-sand">
      <div className="container-page flex items-center justify-between py-5">
        <Link to={to("/")} className="btn-outline min-h-10 px-4" data-testid="back-home">
          <ArrowIcon className="rotate-180 rtl:rotate-0" />
          {props.copy.backHome}
        </Link>
        <span className="flex items-center gap-2 text-ink" aria-hidden="true">
          <EyeMark className="h-8 w-8" />
          <span className="font-display text-xl font-medium">{t("brand.name")}</span>
        </span>
      </div>
      <div className="container-page flex justify-center pt-4 pb-16 md:pt-10">
        <div className="w-full max-w-lg rounded-3xl border border-sand-deep bg-white/80 p-6 shadow-sm sm:p-8">
          {props.children}
        </div>
      </div>
    </div>
  );
}
