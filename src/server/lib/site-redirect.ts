import type { FastifyReply } from "fastify";

const origin = "http://site.invalid";

/**
 * The target as a path on this site, safe to put in a Location header. Browsers read a leading
 * `//` or `/\` as another host ("protocol-relative"), treat `\` as `/`, and drop tabs and newlines
 * before parsing, so: every character outside printable ASCII and every backslash is
 * percent-encoded, leading slashes collapse to one, and anything that still resolves off this
 * origin becomes "/".
 */
export function sitePath(target: string): string {
  const encoded = target.replace(/[^\x21-\x7e]|\\/gu, (char) =>
    [...Buffer.from(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
  const path = `/${encoded.replace(/^\/+/, "")}`;
  const resolved = new URL(path, origin);
  if (resolved.origin !== origin) return "/";
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Every redirect of the server goes through here, so none can send a visitor to another site. */
export function redirectWithinSite(
  reply: FastifyReply,
  target: string,
  status: 301 | 302 | 303 | 307 | 308,
): FastifyReply {
  return reply.redirect(sitePath(target), status);
}
