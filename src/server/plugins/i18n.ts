import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import { translate } from "#shared/i18n/translate.ts";
import type { Params } from "#shared/i18n/types.ts";
import { isLang, type Lang } from "#shared/lang.ts";
import { negotiateLanguage } from "../lib/request-language.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The language to answer in: a `lang` field, the referring `/ar` page, or Accept-Language. */
    readonly lang: Lang;
    /** A catalog message in the request's language. */
    t(key: MessageKey, params?: Params): string;
  }
}

const kLang = Symbol("lang");
const kField = Symbol("langField");
type WithLang = { [kLang]?: Lang; [kField]?: Lang };

/**
 * The request's language and `t` over the catalogs the client uses (DESIGN §3). A form's `lang`
 * field says which page it came from; it is taken off the body before validation, so schemas
 * describe only their own fields.
 */
export default fp(
  async (app) => {
    app.decorateRequest("lang", {
      getter(this: FastifyRequest & WithLang) {
        this[kLang] ??= negotiateLanguage({
          field: this[kField] ?? (this.query as Record<string, unknown> | undefined)?.lang,
          referer: this.headers.referer,
          acceptLanguage: this.headers["accept-language"],
        });
        return this[kLang];
      },
    });
    app.decorateRequest("t", function (this: FastifyRequest, key: MessageKey, params?: Params) {
      return translate(this.lang, key, params);
    });

    app.addHook("preValidation", (request, _reply, done) => {
      const body = request.body as Record<string, unknown> | null | undefined;
      if (body && typeof body === "object" && !Array.isArray(body) && "lang" in body) {
        const { lang, ...rest } = body;
        if (isLang(lang)) {
          const withLang = request as typeof request & WithLang;
          withLang[kField] = lang;
          withLang[kLang] = undefined;
        }
        request.body = rest;
      }
      done();
    });
  },
  { name: "i18n" },
);
