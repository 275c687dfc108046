import { Agent, request } from "node:http";
import { gunzipSync, inflateSync } from "node:zlib";

export type BenchResponse = { status: number; body: string };
export type BenchRequest = (
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<BenchResponse>;

/**
 * The HTTP client of the load benchmarks. `http` (the default) is node:http with a keep-alive
 * agent: closed loop, one request at a time per simulated client, connections reused, exactly
 * like `fetch`, but at a fraction of its CPU. Node 20's `fetch` (undici with WHATWG streams) costs
 * about 1.7 ms of CPU per request on the 2-core benchmark machine: at 600 requests/s it saturated
 * the benchmark's own thread, so the latencies it printed were mostly its own queue, not the
 * server's (decision 0026). `fetch` stays available to compare with earlier figures. Both send
 * the headers `fetch` sends (so the server compresses what it would compress for it) and never
 * follow redirects (the checkout reads its 303s).
 */
/** What Node's `fetch` sends with every request. */
const fetchHeaders = {
  accept: "*/*",
  "accept-language": "*",
  "sec-fetch-mode": "cors",
  "user-agent": "node",
  "accept-encoding": "gzip, deflate",
};

export function benchClient(base: string, kind: "http" | "fetch", sockets: number): BenchRequest {
  if (kind === "fetch") {
    return async (path, init) => {
      const response = await fetch(`${base}${path}`, { ...init, redirect: "manual" });
      return { status: response.status, body: await response.text() };
    };
  }
  const origin = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return (path, init) =>
    new Promise<BenchResponse>((resolve, reject) => {
      const headers: Record<string, string | number> = { ...fetchHeaders, ...init.headers };
      const payload = init.body === undefined ? undefined : Buffer.from(init.body);
      if (payload) headers["content-length"] = payload.length;
      const outgoing = request(
        { host: origin.hostname, port: origin.port, path, method: init.method, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            const body = encoding === "gzip" ? gunzipSync(raw) : encoding === "deflate" ? inflateSync(raw) : raw;
            resolve({ status: response.statusCode ?? 0, body: body.toString("utf8") });
          });
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(payload);
    });
}
