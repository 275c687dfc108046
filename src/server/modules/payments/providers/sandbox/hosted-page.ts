import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { redirectWithinSite } from "#server/lib/site-redirect.ts";
import type { SandboxGateway } from "./adapter.ts";
import { checkCardForm, renderSandboxNotFound, renderSandboxPage, sandboxPageCsp } from "./page.ts";

type Form = Record<string, string>;
const idShape = /^sbx_[0-9a-f]{24}$/;

/**
 * The sandbox gateway's hosted page at /sandbox-gateway/pay/:id (decision 0017), mounted only
 * with PAYMENT_GATEWAY=sandbox: the card form and its 3-D Secure step, Tamara's and Tabby's
 * approval by phone, and a way to cancel. Plain HTML forms (no script); each step that ends the
 * payment sends the buyer back to the shop's return URL with 303.
 */
export const sandboxHostedPage: FastifyPluginAsync<{ gateway: SandboxGateway; siteUrl: string }> = async (
  app,
  { gateway, siteUrl },
) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
    },
  );

  const html = (reply: FastifyReply, returnUrl: string, page: string, status = 200) =>
    reply
      .code(status)
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", sandboxPageCsp(new URL(returnUrl, siteUrl).origin))
      .type("text/html; charset=utf-8")
      .send(page);

  const load = async (id: string) => (idShape.test(id) ? gateway.find(id) : undefined);
  const notFound = (reply: FastifyReply, lang: "en" | "ar") => html(reply, siteUrl, renderSandboxNotFound(lang), 404);

  type Payment = NonNullable<Awaited<ReturnType<SandboxGateway["find"]>>>;

  /** The hosted page of a payment already at hand (each step's statement answers the payment). */
  const showPayment = (
    reply: FastifyReply,
    payment: Payment | undefined,
    form?: Parameters<typeof renderSandboxPage>[1],
    status = 200,
  ) => {
    if (!payment) return notFound(reply, "en");
    return html(reply, payment.details.returnUrl, renderSandboxPage(payment, form), status);
  };

  const show = async (reply: FastifyReply, id: string, form?: Parameters<typeof renderSandboxPage>[1], status = 200) =>
    showPayment(reply, await load(id), form, status);

  /** After a step that ended the payment: back to the shop (which confirms with our server). */
  const finish = async (reply: FastifyReply, id: string, changed?: Payment) => {
    const payment = changed ?? (await load(id));
    if (!payment) return notFound(reply, "en");
    if (payment.status === "requires_action") return showPayment(reply, payment);
    const target = payment.status === "cancelled" ? payment.details.cancelUrl : payment.details.returnUrl;
    // The shop is this server (the sandbox is only mounted in it): back by path, on the host the buyer used.
    const url = new URL(target);
    return redirectWithinSite(reply.header("Cache-Control", "no-store"), `${url.pathname}${url.search}`, 303);
  };

  app.get<{ Params: { id: string } }>("/sandbox-gateway/pay/:id", async (request, reply) =>
    show(reply, request.params.id),
  );

  app.post<{ Params: { id: string }; Body: Form }>("/sandbox-gateway/pay/:id/card", async (request, reply) => {
    const values = request.body ?? {};
    const errors = checkCardForm(values);
    if (Object.keys(errors).length > 0) {
      const { number: _number, cvc: _cvc, ...kept } = values;
      return show(reply, request.params.id, { values: kept, errors }, 400);
    }
    if (!idShape.test(request.params.id)) return notFound(reply, "en");
    // A payment past the card step is shown as it is.
    const payment = await gateway.submitCard(request.params.id, values.number ?? "");
    return payment ? showPayment(reply, payment) : show(reply, request.params.id);
  });

  app.post<{ Params: { id: string }; Body: Form }>("/sandbox-gateway/pay/:id/3ds", async (request, reply) => {
    if (!idShape.test(request.params.id)) return notFound(reply, "en");
    const changed = await gateway.finishThreeDs(request.params.id, request.body?.action === "approve");
    return finish(reply, request.params.id, changed as Payment | undefined);
  });

  app.post<{ Params: { id: string }; Body: Form }>("/sandbox-gateway/pay/:id/decide", async (request, reply) => {
    const phone = (request.body?.phone ?? "").trim();
    const approve = request.body?.action === "approve";
    if (approve && !/\d{9}/.test(phone.replace(/\D/g, ""))) {
      return show(reply, request.params.id, { values: { phone }, errors: { phone: true } }, 400);
    }
    await gateway.decideInstalments(request.params.id, phone, approve);
    return finish(reply, request.params.id);
  });

  app.post<{ Params: { id: string } }>("/sandbox-gateway/pay/:id/cancel", async (request, reply) => {
    await gateway.cancelByBuyer(request.params.id);
    return finish(reply, request.params.id);
  });
};
