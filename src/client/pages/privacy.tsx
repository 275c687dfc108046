import { LegalDocument } from "#client/components/layout/legal-document.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";

export const copy = defineLazyCopy({ en: () => import("./privacy.en.ts"), ar: () => import("./privacy.ar.ts") });

/** /privacy: the short text linked from the sign-up form and the footer. */
export default function PrivacyPage() {
  return <LegalDocument text={useCopy(copy)} />;
}
