import { readFile } from "node:fs/promises";
import type { FastifyPluginAsync } from "fastify";

/**
 * Apple Pay on the web through Moyasar (decision 0017): Apple checks the shop's domain by fetching
 * the association file Moyasar's dashboard hands out, at this exact path, without an extension.
 * `APPLE_PAY_DOMAIN_ASSOCIATION` names the file; unset, the path is an ordinary 404. The file is
 * read once at start, so a wrong path stops the server with the path in the message.
 */
const applePayDomain: FastifyPluginAsync<{ file: string | undefined }> = async (app, options) => {
  if (!options.file) return;
  let contents: Buffer;
  try {
    contents = await readFile(options.file);
  } catch (cause) {
    throw new Error(`APPLE_PAY_DOMAIN_ASSOCIATION: cannot read ${options.file}`, { cause });
  }
  app.get("/.well-known/apple-developer-merchantid-domain-association", async (_request, reply) => {
    return reply.type("text/plain").header("Cache-Control", "public, max-age=3600").send(contents);
  });
};

export default applePayDomain;
