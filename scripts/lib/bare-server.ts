/**
 * The baseline of `npm run bench:serve`: a bare Fastify with no plugins answering each path with
 * bytes held in memory (the app's own answers, captured by the benchmark), so the comparison shows
 * what the app's pipeline costs on top of the HTTP server itself. Reads the answers from the JSON
 * file named by BARE_ANSWERS and listens on PORT.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

type Answer = { path: string; headers: Record<string, string>; body: string };

const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS ?? "", "utf8")) as Answer[];
const app = Fastify({ logger: false });
for (const answer of answers) {
  const body = Buffer.from(answer.body, "base64");
  app.get(answer.path, (_request, reply) => {
    reply.headers(answer.headers).send(body);
  });
}
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 3231) });
console.log("bare server listening");
