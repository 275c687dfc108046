import type { FastifyPluginAsync } from "fastify";
import { sendPage } from "#server/lib/pagination.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { getLead } from "#server/modules/leads/get-lead.ts";
import { listLeads } from "#server/modules/leads/list-leads.ts";
import { updateLeadStatus } from "#server/modules/leads/update-lead-status.ts";
import { adminLeadParamsSchema, adminLeadStatusSchema, adminLeadsQuerySchema } from "#shared/schemas/admin.ts";

/** The inbox (DESIGN D10): contact messages, service requests and proposals in one list. */
const leadRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/leads", { schema: { querystring: adminLeadsQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await listLeads(app.db, request.query)),
  );

  api.get("/leads/:kind/:id", { schema: { params: adminLeadParamsSchema } }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { lead: await getLead(app.db, request.params.kind, request.params.id) };
  });

  api.patch(
    "/leads/:kind/:id",
    { schema: { params: adminLeadParamsSchema, body: adminLeadStatusSchema } },
    async (request) => {
      const lead = await updateLeadStatus(app.db, request.params.kind, request.params.id, request.body.status);
      const status = request.t(`admin.leadStatus.${lead.status}`);
      return { lead, message: request.t("admin.leadUpdated", { reference: lead.reference, status }) };
    },
  );
};

export default leadRoutes;
