import type { FastifyReply, FastifyRequest } from "fastify";

/** One page of a list, as the use cases return it and sendPage answers it. */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/**
 * A paginated list answers a JSON array (spec §7: "a list") and says where it is in headers:
 * `X-Total-Count`, and an RFC 8288 `Link` with first, prev, next and last pages.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  const lastPage = Math.max(1, Math.ceil(page.total / page.pageSize));
  const [path] = request.url.split("?");
  const link = (target: number, rel: string) => {
    const params = new URLSearchParams(request.query as Record<string, string>);
    params.set("page", String(target));
    params.set("pageSize", String(page.pageSize));
    return `<${path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, lastPage), "prev"));
  if (page.page < lastPage) links.push(link(page.page + 1, "next"));
  links.push(link(lastPage, "last"));
  reply
    .header("X-Total-Count", String(page.total))
    .header("Link", links.join(", "))
    .header("Cache-Control", "no-store");
  return page.items;
}
