import { invoiceLabels } from "#shared/invoice-labels.ts";
import { directionOf, type Lang } from "#shared/lang.ts";
import type { DocumentSeller } from "#shared/schemas/invoice.ts";

/**
 * The head of an invoice or a credit note: the title in the page's language (the heading) and in
 * the other beside it, the seller's name and address under each in that language.
 */
export function DocumentHead({
  title,
  seller,
  lang,
}: {
  title: { en: string; ar: string };
  seller: DocumentSeller;
  lang: Lang;
}) {
  const other: Lang = lang === "ar" ? "en" : "ar";
  const name = (which: Lang) => (which === "ar" ? seller.nameAr : seller.name);
  return (
    <header className="grid gap-3 border-b border-ink pb-5 sm:grid-cols-2">
      <div>
        <h1 className="font-display text-3xl font-medium">{title[lang]}</h1>
        <p className="mt-2 font-medium">{name(lang)}</p>
        {seller.address ? (
          <p className="mt-1 text-sm text-ink-soft" data-testid="seller-address">
            {seller.address[lang]}
          </p>
        ) : null}
      </div>
      <div className="sm:text-end" lang={other} dir={directionOf(other)}>
        <span className="block text-2xl font-medium">{title[other]}</span>
        <span className="mt-2 block font-medium">{name(other)}</span>
        {seller.address ? <span className="mt-1 block text-sm text-ink-soft">{seller.address[other]}</span> : null}
      </div>
    </header>
  );
}

/** The band of a document of the test series (a sandbox order): not a tax invoice, in both languages. */
export function TestDocumentBanner({ lang }: { lang: Lang }) {
  const other: Lang = lang === "ar" ? "en" : "ar";
  return (
    <p
      role="note"
      data-testid="test-document"
      className="flex flex-wrap justify-between gap-2 rounded-sm border border-red-800/30 bg-red-50 px-4 py-2 font-medium text-red-800"
    >
      <span>{invoiceLabels[lang].testDocument}</span>
      <span lang={other} dir={directionOf(other)}>
        {invoiceLabels[other].testDocument}
      </span>
    </p>
  );
}
