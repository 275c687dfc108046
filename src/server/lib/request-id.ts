import { randomBytes } from "node:crypto";

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;
// Request ids only have to be unique (they tie log lines together), not secret: a random prefix
// per process and a counter cost a fraction of a UUID per request.
const idPrefix = randomBytes(6).toString("base64url");
let idCounter = 0;

/** The request id of a request: a valid `x-request-id` it brings, or a new one. */
export function requestIdOf(given: string | string[] | undefined): string {
  if (typeof given === "string" && requestIdPattern.test(given)) return given;
  idCounter = (idCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${idPrefix}-${idCounter.toString(36).padStart(8, "0")}`;
}
