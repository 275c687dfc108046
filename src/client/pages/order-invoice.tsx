import { fetchInvoice, fetchInvoicePdf, type InvoiceLink } from "#client/features/invoices/api/invoice.ts";
import { InvoiceDocument } from "#client/features/invoices/components/invoice-document.tsx";
import { PdfButton } from "#client/features/invoices/components/pdf-button.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useDocument } from "#client/features/invoices/hooks/use-document.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { Link } from "#client/lib/router.tsx";

export const copy = defineLazyCopy({
  en: () => import("#client/features/invoices/invoices.en.ts"),
  ar: () => import("#client/features/invoices/invoices.ar.ts"),
});

/**
 * The order's reference and access token, `#ref=…&access=…`: in the fragment, so the token never
 * reaches a server log or a Referer. It stays in the address bar: the page is meant to be kept,
 * reloaded and printed (the token opens this one order and nothing else).
 */
function readFragment(): InvoiceLink | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const reference = params.get("ref")?.trim();
  return reference ? { reference, access: params.get("access") || null } : null;
}

/**
 * /orders/invoice#ref=…&access=… (decision 0021): the printable bilingual simplified tax invoice
 * of a paid order, for its buyer (session or access token) or an admin, with its PDF and Print.
 */
export default function OrderInvoicePage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const { state, load } = useDocument(lang, readFragment, fetchInvoice);

  return (
    <section className="container-page pt-28 pb-20 print:p-0" data-testid="order-invoice" data-state={state.kind}>
      {state.kind === "ready" ? (
        <>
          <div className="mx-auto mb-6 flex max-w-4xl flex-wrap items-center gap-3" data-print-hide>
            <p className="eyebrow me-auto">{c.eyebrow}</p>
            <PdfButton
              fetchPdf={() => fetchInvoicePdf(state.link, lang)}
              filename={`invoice-${state.document.number}.pdf`}
              className="btn-primary"
              label={c.download}
              failed={c.failed}
              testId="invoice-pdf"
            />
            <PdfButton
              fetchPdf={() => fetchInvoicePdf(state.link, lang === "ar" ? "en" : "ar")}
              filename={`invoice-${state.document.number}.pdf`}
              className="btn-outline"
              label={c.downloadOther}
              failed={c.failed}
            />
            <button type="button" className="btn-outline" onClick={() => window.print()}>
              {c.print}
            </button>
          </div>
          <InvoiceDocument invoice={state.document} lang={lang} qrLabel={c.qr} />
        </>
      ) : state.kind === "noLink" || state.kind === "notFound" ? (
        <div className="mx-auto grid max-w-xl gap-4">
          <h1 className="font-display text-3xl font-medium">
            {state.kind === "noLink" ? c.noLink.title : c.notFoundTitle}
          </h1>
          <p role="alert" className="text-ink-soft">
            {state.kind === "noLink" ? c.noLink.body : (state.message ?? c.noLink.body)}
          </p>
          <Link to={to("/orders")} className="btn-primary justify-self-start">
            {c.noLink.action}
          </Link>
        </div>
      ) : state.kind === "failed" ? (
        <div className="mx-auto grid max-w-xl gap-4">
          <p role="alert">{c.failed}</p>
          <button type="button" className="btn-primary justify-self-start" onClick={() => load(state.link)}>
            {c.retry}
          </button>
        </div>
      ) : (
        <p role="status" aria-busy="true" className="mx-auto max-w-xl text-ink-soft">
          {c.loading}
        </p>
      )}
    </section>
  );
}
