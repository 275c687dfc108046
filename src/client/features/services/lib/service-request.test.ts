import { describe, expect, it } from "vitest";
import { services } from "../../../../../content/services.ts";
import { serviceFieldValue, serviceRequestBody, serviceRequestMessage } from "./service-request.ts";

describe("service request", () => {
  it("names the service in both languages", () => {
    expect(serviceFieldValue(services[2])).toBe("3D Printing | الطباعة ثلاثية الأبعاد");
  });

  it("sends the spec's three-line message", () => {
    const values = {
      name: "Sara",
      email: "sara@example.com",
      firmName: "Diriyah Events",
      contactNumber: "+966 50 123 4567",
      serviceName: serviceFieldValue(services[3]),
    };
    expect(serviceRequestMessage(values)).toBe(
      "Service Request: Prototyping | النماذج الأولية\nFirm: Diriyah Events\nContact: +966 50 123 4567",
    );
    expect(serviceRequestBody(values, "ar")).toEqual({
      name: "Sara",
      email: "sara@example.com",
      message: serviceRequestMessage(values),
      lang: "ar",
    });
  });
});
