import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { ApiError } from "#server/lib/api-error.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { getCreditNoteView } from "#server/modules/invoices/credit-note-view.ts";
import { creditNotePdf, invoicePdf } from "#server/modules/invoices/document-pdf.ts";
import { getInvoiceView } from "#server/modules/invoices/invoice-view.ts";
import { accessTokenOf, findOrderForViewer } from "#server/modules/orders/order-access.ts";
import { creditNoteParamsSchema, invoiceParamsSchema, invoiceQuerySchema } from "#shared/schemas/invoice.ts";

export type DocumentRouteOptions = { documentsPerMinute: number };

const schema = { params: invoiceParamsSchema, querystring: invoiceQuerySchema };
const creditNoteSchema = { params: creditNoteParamsSchema, querystring: invoiceQuerySchema };

/**
 * GET /api/orders/:reference/invoice (the invoice page's data) and …/invoice.pdf (decision 0017,
 * 0021), and the order's credit notes, …/credit-notes/:number and …/credit-notes/:number.pdf
 * (issue 35): for the order's owner, an admin, or the holder of the order's access token. A
 * stranger, a wrong reference, an order not paid yet and a number the order does not have all get
 * the same 404, so the answer tells nothing about orders one may not read. The documents carry a
 * name and an address: never cached by anyone. A PDF is drawn once per document and language
 * (document-pdf.ts), and one address may download `documentsPerMinute` of them a minute.
 */
const invoiceRoutes: FastifyPluginAsync<DocumentRouteOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pdfConfig = {
    rateLimit: { max: options.documentsPerMinute, timeWindow: "1 minute" },
    errorMessages: { rateLimited: "invoices.rateLimited" as const },
  };

  // A guest's token comes in the X-Order-Access header (issue 35): a query string ends up in logs.
  const findInvoice = async (request: FastifyRequest, reference: string) => {
    const order = await findOrderForViewer(app.db, reference, {
      user: request.user,
      accessToken: accessTokenOf(request.headers),
    });
    const invoice = order ? await getInvoiceView(app.db, order) : null;
    if (!invoice) throw new ApiError(404, "invoice_not_found", "invoices.notFound");
    return invoice;
  };

  const findCreditNote = async (
    request: FastifyRequest,
    { reference, number }: { reference: string; number: string },
  ) => {
    const order = await findOrderForViewer(app.db, reference, {
      user: request.user,
      accessToken: accessTokenOf(request.headers),
    });
    const note = order ? await getCreditNoteView(app.db, order, number) : null;
    if (!note) throw new ApiError(404, "credit_note_not_found", "invoices.creditNoteNotFound");
    return note;
  };

  api.get("/orders/:reference/invoice", { schema }, async (request, reply) => {
    const invoice = await findInvoice(request, request.params.reference);
    reply.header("Cache-Control", "private, no-store");
    return { invoice };
  });

  api.get("/orders/:reference/invoice.pdf", { schema, config: pdfConfig }, async (request, reply) => {
    const invoice = await findInvoice(request, request.params.reference);
    const pdf = await invoicePdf(app.db, invoice, request.query.lang ?? request.lang);
    return reply
      .header("Cache-Control", "private, no-store")
      .header("Content-Disposition", `attachment; filename="invoice-${invoice.number}.pdf"`)
      .type("application/pdf")
      .send(pdf);
  });

  api.get("/orders/:reference/credit-notes/:number", { schema: creditNoteSchema }, async (request, reply) => {
    const creditNote = await findCreditNote(request, request.params);
    reply.header("Cache-Control", "private, no-store");
    return { creditNote };
  });

  api.get(
    "/orders/:reference/credit-notes/:number.pdf",
    { schema: creditNoteSchema, config: pdfConfig },
    async (request, reply) => {
      const creditNote = await findCreditNote(request, request.params);
      const pdf = await creditNotePdf(app.db, creditNote, request.query.lang ?? request.lang);
      return reply
        .header("Cache-Control", "private, no-store")
        .header("Content-Disposition", `attachment; filename="credit-note-${creditNote.number}.pdf"`)
        .type("application/pdf")
        .send(pdf);
    },
  );
};

export default invoiceRoutes;
