import { apiRequest } from "#client/lib/api.ts";
import type { serviceRequestBody } from "../lib/service-request.ts";

/** POST /api/inquiries: a service request is an inquiry that names its service. */
export async function sendServiceRequest(body: ReturnType<typeof serviceRequestBody>): Promise<void> {
  await apiRequest("POST", "/api/inquiries", body);
}
