/** The invoice page's own words (the invoice's printed words: src/shared/invoice-labels.ts). Arabic: invoices.ar.ts. */
export default {
  eyebrow: "Your order",
  loading: "Loading your invoice…",
  noLink: {
    title: "This Link Is Incomplete",
    body: "Open the invoice from your order confirmation e-mail, or find your order by its reference and e-mail address.",
    action: "Find My Order",
  },
  notFoundTitle: "Invoice Not Found",
  failed: "The invoice could not be loaded. Check your connection and try again.",
  retry: "Try Again",
  download: "Download PDF",
  downloadOther: "PDF in Arabic First",
  print: "Print",
  qr: "QR code of the tax invoice (ZATCA)",
  creditNote: {
    loading: "Loading your credit note…",
    notFoundTitle: "Credit Note Not Found",
    failed: "The credit note could not be loaded. Check your connection and try again.",
    noLinkBody: "Open the credit note from your refund e-mail, or find your order by its reference and e-mail address.",
    qr: "QR code of the credit note (ZATCA)",
    invoice: "View the Invoice",
    download: "Download PDF",
  },
} as const;
