import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { ApiError } from "#server/lib/api-error.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { renderInvoicePdf } from "#server/modules/invoices/invoice-pdf.ts";
import { getInvoiceView } from "#server/modules/invoices/invoice-view.ts";
import { accessTokenOf, findOrderForViewer } from "#server/modules/orders/order-access.ts";
import { invoiceParamsSchema, invoiceQuerySchema } from "#shared/schemas/invoice.ts";

const schema = { params: invoiceParamsSchema, querystring: invoiceQuerySchema };

/**
 * GET /api/orders/:reference/invoice (the invoice page's data) and …/invoice.pdf (decision 0017,
 * 0021): for the order's owner, an admin, or the holder of the order's access token. A stranger,
 * a wrong reference and an order not paid yet all get the same 404, so the answer tells nothing
 * about orders one may not read. Invoices carry a name and an address: never cached by anyone.
 */
const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

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

  api.get("/orders/:reference/invoice", { schema }, async (request, reply) => {
    const invoice = await findInvoice(request, request.params.reference);
    reply.header("Cache-Control", "private, no-store");
    return { invoice };
  });

  api.get("/orders/:reference/invoice.pdf", { schema }, async (request, reply) => {
    const invoice = await findInvoice(request, request.params.reference);
    const pdf = await renderInvoicePdf(invoice, request.query.lang ?? request.lang);
    return reply
      .header("Cache-Control", "private, no-store")
      .header("Content-Disposition", `attachment; filename="invoice-${invoice.number}.pdf"`)
      .type("application/pdf")
      .send(pdf);
  });
};

export default invoiceRoutes;
