import { describe, expect, it } from "vitest";
import { services } from "#content/services.ts";
import { serviceFieldValue, serviceRequestBody } from "./service-request.ts";

describe("service request", () => {
  it("names the service in both languages", () => {
    expect(serviceFieldValue(services[2])).toBe("3D Printing | الطباعة ثلاثية الأبعاد");
  });

  it("sends the spec's three-line message, the service and the page's language", () => {
    const values = {
      name: "Sara",
      email: "sara@example.com",
      firmName: "Diriyah Events",
      contactNumber: "+966 50 123 4567",
      serviceName: serviceFieldValue(services[3]),
    };
    expect(serviceRequestBody(values, services[3], "ar")).toEqual({
      kind: "service_request",
      serviceId: 4,
      name: "Sara",
      email: "sara@example.com",
      message: "Service Request: Prototyping | النماذج الأولية\nFirm: Diriyah Events\nContact: +966 50 123 4567",
      firmName: "Diriyah Events",
      contactNumber: "+966 50 123 4567",
      lang: "ar",
    });
  });
});
