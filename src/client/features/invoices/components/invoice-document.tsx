import type { ReactNode } from "react";
import {
  formatInvoiceAddress,
  formatInvoiceAmount,
  formatInvoiceTime,
  invoiceLabels,
  invoiceMethodLabel,
  type InvoiceLabels,
} from "#shared/invoice-labels.ts";
import { formatNumber, formatPercent, localizeDigits } from "#shared/i18n/format.ts";
import { directionOf, type Lang } from "#shared/lang.ts";
import type { InvoiceView } from "#shared/schemas/invoice.ts";
import { DocumentHead, TestDocumentBanner } from "./document-head.tsx";

type Key = { [K in keyof InvoiceLabels]: InvoiceLabels[K] extends string ? K : never }[keyof InvoiceLabels];

/**
 * The simplified tax invoice as a printable sheet (decision 0021): the page's language leads, the
 * other language stands beside each label (ZATCA requires the Arabic), values in the page's digits
 * and isolated from the text around them. The same words as the PDF (src/shared/invoice-labels.ts).
 */
export function InvoiceDocument({ invoice, lang, qrLabel }: { invoice: InvoiceView; lang: Lang; qrLabel: string }) {
  const other: Lang = lang === "ar" ? "en" : "ar";
  const l = invoiceLabels[lang];
  const o = invoiceLabels[other];
  const Other = ({ children, className = "" }: { children: ReactNode; className?: string }) => (
    <span lang={other} dir={directionOf(other)} className={className}>
      {children}
    </span>
  );
  const amount = (halalas: number) => <bdi>{formatInvoiceAmount(halalas, lang)}</bdi>;
  const ltr = (value: string) => <bdi dir="ltr">{value}</bdi>;

  const details: [Key, ReactNode][] = [
    ["vatNumber", <bdi dir="ltr">{localizeDigits(invoice.seller.vatNumber, lang)}</bdi>],
    ["number", ltr(invoice.number)],
    ["issuedAt", <bdi dir="ltr">{formatInvoiceTime(invoice.issuedAt, lang)}</bdi>],
    ["orderReference", ltr(invoice.orderReference)],
    ["paymentMethod", invoiceMethodLabel(invoice.paymentMethod, lang)],
    ["buyer", <bdi>{invoice.buyer.name}</bdi>],
    ["address", <bdi>{formatInvoiceAddress(invoice.buyer.address, lang)}</bdi>],
  ];
  const totals: [Key, number][] = [
    ["totalExcludingVat", invoice.totals.excludingVatHalalas],
    ["vatTotal", invoice.totals.vatHalalas],
    ["totalIncludingVat", invoice.totals.includingVatHalalas],
  ];
  const columns: Key[] = ["product", "quantity", "unitPrice", "vatRate", "vatAmount", "lineTotal"];

  return (
    <article
      data-print-document
      data-testid="invoice-document"
      className="mx-auto grid max-w-4xl gap-8 rounded-sm bg-white p-6 text-ink shadow-sm sm:p-10 print:max-w-none print:p-0 print:shadow-none"
    >
      <DocumentHead
        title={{ en: invoiceLabels.en.title, ar: invoiceLabels.ar.title }}
        seller={invoice.seller}
        lang={lang}
      />
      {invoice.test ? <TestDocumentBanner lang={lang} /> : null}

      <table className="w-full text-sm">
        <caption className="sr-only">{l.title}</caption>
        <tbody>
          {details.map(([key, value]) => (
            <tr key={key} className="align-top">
              <th scope="row" className="py-1.5 pe-4 text-start font-light text-ink-soft">
                {l[key]}
              </th>
              <td className="py-1.5 text-center font-medium" data-field={key}>
                {value}
              </td>
              <td className="py-1.5 ps-4 text-end font-light text-ink-soft">
                <Other>{o[key]}</Other>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="w-full text-sm" data-testid="invoice-lines">
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
          {invoice.lines.map((line) => (
            <tr key={line.productId} className="border-b border-sand-deep align-top">
              <td className="px-2 py-3">
                <span className="block font-medium">{lang === "ar" ? line.nameAr : line.name}</span>
                <Other className="block text-xs text-ink-soft">{other === "ar" ? line.nameAr : line.name}</Other>
              </td>
              <td className="px-2 py-3 text-end">
                <bdi>{formatNumber(line.quantity, lang)}</bdi>
              </td>
              <td className="px-2 py-3 text-end">{amount(line.unitPriceExcludingVatHalalas)}</td>
              <td className="px-2 py-3 text-end">
                <bdi>{formatPercent(line.vatRatePercent / 100, lang)}</bdi>
              </td>
              <td className="px-2 py-3 text-end">{amount(line.vatHalalas)}</td>
              <td className="px-2 py-3 text-end">{amount(line.totalIncludingVatHalalas)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="w-full text-sm" data-testid="invoice-totals">
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
          {l.vatNote}
          <span className="mt-1 block text-xs text-ink-soft">{l.qrCaption}</span>
        </p>
        <div
          role="img"
          aria-label={qrLabel}
          data-testid="invoice-qr"
          className="mx-auto w-36 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          // The server drew this SVG from the invoice's own payload (no markup from anyone else).
          dangerouslySetInnerHTML={{ __html: invoice.qrSvg }}
        />
        <p className="text-sm sm:text-end">
          <Other>
            {o.vatNote}
            <span className="mt-1 block text-xs text-ink-soft">{o.qrCaption}</span>
          </Other>
        </p>
      </div>
    </article>
  );
}
