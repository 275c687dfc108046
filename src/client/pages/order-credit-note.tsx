import { fetchCreditNote, fetchCreditNotePdf, type CreditNoteLink } from "#client/features/invoices/api/credit-note.ts";
import { CreditNoteDocument } from "#client/features/invoices/components/credit-note-document.tsx";
import { PdfButton } from "#client/features/invoices/components/pdf-button.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useDocument } from "#client/features/invoices/hooks/use-document.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { invoiceLink } from "#client/lib/orders.ts";
import { Link } from "#client/lib/router.tsx";

export const copy = defineLazyCopy({
  en: () => import("#client/features/invoices/invoices.en.ts"),
  ar: () => import("#client/features/invoices/invoices.ar.ts"),
});

/** `#ref=…&number=…&access=…`: in the fragment, as the invoice page's, so the token never reaches a server log. */
function readFragment(): CreditNoteLink | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const reference = params.get("ref")?.trim();
  const number = params.get("number")?.trim();
  return reference && number ? { reference, number, access: params.get("access") || null } : null;
}

/**
 * /orders/credit-note#ref=…&number=…&access=… (issue 35): the printable bilingual simplified credit
 * note of one refund, for the order's buyer (session or access token) or an admin, with its PDF,
 * Print and a link to the invoice it corrects.
 */
export default function OrderCreditNotePage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const { state, load } = useDocument(lang, readFragment, fetchCreditNote);

  return (
    <section className="container-page pt-28 pb-20 print:p-0" data-testid="order-credit-note" data-state={state.kind}>
      {state.kind === "ready" ? (
        <>
          <div className="mx-auto mb-6 flex max-w-4xl flex-wrap items-center gap-3" data-print-hide>
            <p className="eyebrow me-auto">{c.eyebrow}</p>
            <PdfButton
              fetchPdf={() => fetchCreditNotePdf(state.link, lang)}
              filename={`credit-note-${state.document.number}.pdf`}
              className="btn-primary"
              label={c.creditNote.download}
              failed={c.failed}
              testId="credit-note-pdf"
            />
            <PdfButton
              fetchPdf={() => fetchCreditNotePdf(state.link, lang === "ar" ? "en" : "ar")}
              filename={`credit-note-${state.document.number}.pdf`}
              className="btn-outline"
              label={c.downloadOther}
              failed={c.failed}
            />
            <a
              className="btn-outline"
              href={invoiceLink(to("/orders"), state.link.reference, state.link.access ?? undefined)}
            >
              {c.creditNote.invoice}
            </a>
            <button type="button" className="btn-outline" onClick={() => window.print()}>
              {c.print}
            </button>
          </div>
          <CreditNoteDocument note={state.document} lang={lang} qrLabel={c.creditNote.qr} />
        </>
      ) : state.kind === "noLink" || state.kind === "notFound" ? (
        <div className="mx-auto grid max-w-xl gap-4">
          <h1 className="font-display text-3xl font-medium">
            {state.kind === "noLink" ? c.noLink.title : c.creditNote.notFoundTitle}
          </h1>
          <p role="alert" className="text-ink-soft">
            {state.kind === "noLink" ? c.creditNote.noLinkBody : (state.message ?? c.creditNote.noLinkBody)}
          </p>
          <Link to={to("/orders")} className="btn-primary justify-self-start">
            {c.noLink.action}
          </Link>
        </div>
      ) : state.kind === "failed" ? (
        <div className="mx-auto grid max-w-xl gap-4">
          <p role="alert">{c.creditNote.failed}</p>
          <button type="button" className="btn-primary justify-self-start" onClick={() => load(state.link)}>
            {c.retry}
          </button>
        </div>
      ) : (
        <p role="status" aria-busy="true" className="mx-auto max-w-xl text-ink-soft">
          {c.creditNote.loading}
        </p>
      )}
    </section>
  );
}
