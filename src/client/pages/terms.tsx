import { LegalDocument } from "#client/components/layout/legal-document.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";

export const copy = defineLazyCopy({ en: () => import("./terms.en.ts"), ar: () => import("./terms.ar.ts") });

/** /terms: the short text linked from the sign-up form and the footer. */
export default function TermsPage() {
  return <LegalDocument text={useCopy(copy)} />;
}
