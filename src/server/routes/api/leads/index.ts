import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { createInquiry } from "#server/modules/leads/create-inquiry.ts";
import { createProposal } from "#server/modules/leads/create-proposal.ts";
import type { LeadMailSettings } from "#server/modules/leads/lead-notifications.ts";
import type { LeadReceipt } from "#server/modules/leads/lead-receipt.ts";
import { listTestimonials } from "#server/modules/leads/list-testimonials.ts";
import { OUTBOX_JOB } from "#server/plugins/outbox.ts";
import { inquiryRequestSchema } from "#shared/schemas/inquiry-request.ts";
import { proposalRequestSchema } from "#shared/schemas/proposal-request.ts";

/** A lead form's body is small; the largest allowed proposal in Arabic is about 13 KB. */
export const LEAD_BODY_LIMIT = 16 * 1024;

export type LeadRouteOptions = {
  /** Leads one address may send per minute, per form (LEADS_PER_MINUTE). */
  perMinute: number;
  /** Acknowledgements one recipient address may be sent per day (LEAD_ACKNOWLEDGEMENTS_PER_DAY). */
  acknowledgementsPerDay: number;
  mail: Omit<LeadMailSettings, "acknowledgements">;
};

const ONE_DAY = 24 * 60 * 60 * 1000;

/**
 * POST /api/inquiries (contact and service requests), POST /api/proposals (the wizard) and
 * GET /api/testimonials (spec §7, DESIGN D10). A lead is answered 201 `{ id, reference }` once it
 * and its e-mails are committed; the outbox worker is nudged to send them at once.
 */
const leadRoutes: FastifyPluginAsync<LeadRouteOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Counted in the rate limits' store (Redis when REDIS_URL is set), so every instance shares the cap.
  const mail: LeadMailSettings = {
    ...options.mail,
    acknowledgements: {
      perRecipient: app.attemptCounter("lead-acknowledgements", ONE_DAY),
      maxPerDay: options.acknowledgementsPerDay,
    },
  };
  const config = {
    rateLimit: { max: options.perMinute, timeWindow: "1 minute" },
    errorMessages: {
      payloadTooLarge: { code: "payload_too_large", message: "leads.tooLarge" },
      rateLimited: "leads.rateLimited",
    },
  } as const;

  const accepted = (reply: FastifyReply, receipt: LeadReceipt) => {
    if (receipt.stored) app.jobs.trigger(OUTBOX_JOB);
    return reply.code(201).header("Cache-Control", "no-store").send({ id: receipt.id, reference: receipt.reference });
  };

  api.post(
    "/inquiries",
    { bodyLimit: LEAD_BODY_LIMIT, schema: { body: inquiryRequestSchema }, config },
    async (request, reply) => accepted(reply, await createInquiry(app.db, request.body, request.lang, mail)),
  );

  api.post(
    "/proposals",
    { bodyLimit: LEAD_BODY_LIMIT, schema: { body: proposalRequestSchema }, config },
    async (request, reply) => accepted(reply, await createProposal(app.db, request.body, request.lang, mail)),
  );

  app.get("/testimonials", async (_request, reply) => {
    reply.header("Cache-Control", "no-cache");
    return { testimonials: await listTestimonials(app.db) };
  });
};

export default leadRoutes;
