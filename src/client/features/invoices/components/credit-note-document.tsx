import type { ReactNode } from "react";
import {
  creditNoteLabels,
  formatInvoiceAddress,
  formatInvoiceAmount,
  formatInvoiceTime,
  invoiceLabels,
  type CreditNoteLabels,
} from "#shared/invoice-labels.ts";
import { formatPercent, localizeDigits } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { directionOf, type Lang } from "#shared/lang.ts";
import type { CreditNoteView } from "#shared/schemas/invoice.ts";
import { DocumentHead, TestDocumentBanner } from "./document-head.tsx";

type Key = { [K in keyof CreditNoteLabels]: CreditNoteLabels[K] extends string ? K : never }[keyof CreditNoteLabels];

/**
 * The simplified credit note of one refund as a printable sheet (issue 35), laid out as the
 * invoice is (invoice-document.tsx): the page's language leads, the other stands beside each
 * label, and the words are the PDF's (src/shared/invoice-labels.ts).
 */
export function CreditNoteDocument({ note, lang, qrLabel }: { note: CreditNoteView; lang: Lang; qrLabel: string }) {
  const other: Lang = lang === "ar" ? "en" : "ar";
  const l = creditNoteLabels[lang];
  const o = creditNoteLabels[other];
  const Other = ({ children, className = "" }: { children: ReactNode; className?: string }) => (
    <span lang={other} dir={directionOf(other)} className={className}>
      {children}
    </span>
  );
  const amount = (halalas: number) => <bdi>{formatInvoiceAmount(halalas, lang)}</bdi>;
  const ltr = (value: string) => <bdi dir="ltr">{value}</bdi>;
  const refundOf = (which: Lang) =>
    interpolate(creditNoteLabels[which].refundOf, {
      product: which === "ar" ? note.product.nameAr : note.product.name,
    });

  const details: [{ en: string; ar: string }, string, ReactNode][] = [
    [
      { en: invoiceLabels.en.vatNumber, ar: invoiceLabels.ar.vatNumber },
      "vatNumber",
      ltr(localizeDigits(note.seller.vatNumber, lang)),
    ],
    ...(
      [
        ["number", ltr(note.number)],
        ["issuedAt", ltr(formatInvoiceTime(note.issuedAt, lang))],
        ["invoiceNumber", ltr(note.invoice.number)],
        ["invoiceDate", ltr(formatInvoiceTime(note.invoice.issuedAt, lang))],
        ["orderReference", ltr(note.orderReference)],
        ["buyer", <bdi>{note.buyer.name}</bdi>],
        ["address", <bdi>{formatInvoiceAddress(note.buyer.address, lang)}</bdi>],
        ["reason", <bdi>{note.reason}</bdi>],
      ] as [Key, ReactNode][]
    ).map(([key, value]): [{ en: string; ar: string }, string, ReactNode] => [
      { en: creditNoteLabels.en[key], ar: creditNoteLabels.ar[key] },
      key,
      value,
    ]),
  ];
  const totals: [Key, number][] = [
    ["totalExcludingVat", note.totals.excludingVatHalalas],
    ["vatTotal", note.totals.vatHalalas],
    ["totalIncludingVat", note.totals.includingVatHalalas],
  ];
  const columns: Key[] = ["description", "vatRate", "excludingVat", "vatAmount", "total"];

  return (
    <article
      data-print-document
      data-testid="credit-note-document"
      className="mx-auto grid max-w-4xl gap-8 rounded-sm bg-white p-6 text-ink shadow-sm sm:p-10 print:max-w-none print:p-0 print:shadow-none"
    >
      <DocumentHead
        title={{ en: creditNoteLabels.en.title, ar: creditNoteLabels.ar.title }}
        seller={note.seller}
        lang={lang}
      />
      {note.test ? <TestDocumentBanner lang={lang} /> : null}

      <table className="w-full text-sm">
        <caption className="sr-only">{l.title}</caption>
        <tbody>
          {details.map(([labels, key, value]) => (
            <tr key={key} className="align-top">
              <th scope="row" className="py-1.5 pe-4 text-start font-light text-ink-soft">
                {labels[lang]}
              </th>
              <td className="py-1.5 text-center font-medium" data-field={key}>
                {value}
              </td>
              <td className="py-1.5 ps-4 text-end font-light text-ink-soft">
                <Other>{labels[other]}</Other>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="w-full text-sm" data-testid="credit-note-lines">
        <thead className="bg-sand-deep/60">
          <tr>
            {columns.map((key, index) => (
              <th key={key} scope="col" className={`px-2 py-2 align-top ${index === 0 ? "text-start" : "text-end"}`}>
                <span className="block font-medium">{l[key]}</span>
                <Other className="block text-xs font-light text-ink-soft">{o[key]}</Other>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-sand-deep align-top">
            <td className="px-2 py-3">
              <span className="block font-medium">{refundOf(lang)}</span>
              <Other className="block text-xs text-ink-soft">{refundOf(other)}</Other>
            </td>
            <td className="px-2 py-3 text-end">
              <bdi>{formatPercent(note.vatRatePercent / 100, lang)}</bdi>
            </td>
            <td className="px-2 py-3 text-end">{amount(note.totals.excludingVatHalalas)}</td>
            <td className="px-2 py-3 text-end">{amount(note.totals.vatHalalas)}</td>
            <td className="px-2 py-3 text-end">{amount(note.totals.includingVatHalalas)}</td>
          </tr>
        </tbody>
      </table>

      <table className="w-full text-sm" data-testid="credit-note-totals">
        <tbody>
          {totals.map(([key, halalas]) => {
            const grand = key === "totalIncludingVat";
            return (
              <tr key={key} className={grand ? "border-y border-ink text-base font-medium" : ""}>
                <th
                  scope="row"
                  className={`py-2 pe-4 text-start ${grand ? "font-medium" : "font-light text-ink-soft"}`}
                >
                  {l[key]}
                </th>
                <td className="py-2 text-center font-medium" data-total={key}>
                  {amount(halalas)}
                </td>
                <td className={`py-2 ps-4 text-end ${grand ? "" : "font-light text-ink-soft"}`}>
                  <Other>{o[key]}</Other>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <div className="grid items-center gap-4 sm:grid-cols-[1fr_auto_1fr]">
        <p className="text-sm">
          {l.note}
          <span className="mt-1 block text-xs text-ink-soft">{l.qrCaption}</span>
        </p>
        <div
          role="img"
          aria-label={qrLabel}
          data-testid="credit-note-qr"
          className="mx-auto w-36 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          // The server drew this SVG from the credit note's own payload (no markup from anyone else).
          dangerouslySetInnerHTML={{ __html: note.qrSvg }}
        />
        <p className="text-sm sm:text-end">
          <Other>
            {o.note}
            <span className="mt-1 block text-xs text-ink-soft">{o.qrCaption}</span>
          </Other>
        </p>
      </div>
    </article>
  );
}
