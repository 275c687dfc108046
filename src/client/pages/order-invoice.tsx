import { useCallback, useEffect, useState } from "react";
import { fetchInvoice, fetchInvoicePdf, type InvoiceLink } from "#client/features/invoices/api/invoice.ts";
import { InvoiceDocument } from "#client/features/invoices/components/invoice-document.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { ApiError } from "#client/lib/api.ts";
import { Link } from "#client/lib/router.tsx";
import type { InvoiceView } from "#shared/schemas/invoice.ts";

export const copy = defineLazyCopy({
  en: () => import("#client/features/invoices/invoices.en.ts"),
  ar: () => import("#client/features/invoices/invoices.ar.ts"),
});

type State =
  | { kind: "reading" }
  | { kind: "noLink" }
  | { kind: "loading"; link: InvoiceLink }
  | { kind: "notFound"; message?: string | undefined }
  | { kind: "failed"; link: InvoiceLink }
  | { kind: "ready"; link: InvoiceLink; invoice: InvoiceView };

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

/** Hands a fetched file to the browser as a download, under `filename`. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has its own copy once started; the object URL can go at the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The PDF buttons: the file is fetched with the token in a header and saved from memory, so the
 * token never appears in a URL (issue 35), not even a download's.
 */
function PdfButton(props: {
  link: InvoiceLink;
  number: string;
  lang: "en" | "ar";
  className: string;
  label: string;
  failed: string;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  return (
    <>
      <button
        type="button"
        className={props.className}
        disabled={busy}
        aria-busy={busy}
        data-testid={props.testId}
        onClick={() => {
          setBusy(true);
          setError(false);
          fetchInvoicePdf(props.link, props.lang).then(
            (blob) => {
              saveFile(blob, `invoice-${props.number}.pdf`);
              setBusy(false);
            },
            () => {
              setError(true);
              setBusy(false);
            },
          );
        }}
      >
        {props.label}
      </button>
      {error ? (
        <p role="alert" className="basis-full text-sm text-red-800">
          {props.failed}
        </p>
      ) : null}
    </>
  );
}

/**
 * /orders/invoice#ref=…&access=… (decision 0021): the printable bilingual simplified tax invoice
 * of a paid order, for its buyer (session or access token) or an admin, with its PDF and Print.
 */
export default function OrderInvoicePage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const [state, setState] = useState<State>({ kind: "reading" });

  const load = useCallback(
    (link: InvoiceLink) => {
      setState({ kind: "loading", link });
      fetchInvoice(link, lang).then(
        (invoice) => setState({ kind: "ready", link, invoice }),
        (error: unknown) =>
          setState(
            error instanceof ApiError && error.status === 404
              ? { kind: "notFound", message: error.serverMessage }
              : { kind: "failed", link },
          ),
      );
    },
    [lang],
  );

  useEffect(() => {
    const link = readFragment();
    if (link) load(link);
    else setState({ kind: "noLink" });
  }, [load]);

  return (
    <section className="container-page pt-28 pb-20 print:p-0" data-testid="order-invoice" data-state={state.kind}>
      {state.kind === "ready" ? (
        <>
          <div className="mx-auto mb-6 flex max-w-4xl flex-wrap items-center gap-3" data-print-hide>
            <p className="eyebrow me-auto">{c.eyebrow}</p>
            <PdfButton
              link={state.link}
              number={state.invoice.number}
              lang={lang}
              className="btn-primary"
              label={c.download}
              failed={c.failed}
              testId="invoice-pdf"
            />
            <PdfButton
              link={state.link}
              number={state.invoice.number}
              lang={lang === "ar" ? "en" : "ar"}
              className="btn-outline"
              label={c.downloadOther}
              failed={c.failed}
            />
            <button type="button" className="btn-outline" onClick={() => window.print()}>
              {c.print}
            </button>
          </div>
          <InvoiceDocument invoice={state.invoice} lang={lang} qrLabel={c.qr} />
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
