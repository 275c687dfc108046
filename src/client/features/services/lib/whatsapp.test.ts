import { describe, expect, it } from "vitest";
import { serviceWhatsAppUrl } from "./whatsapp.ts";

describe("serviceWhatsAppUrl", () => {
  it("opens a chat with the studio's number and the spec's message, URL-encoded", () => {
    const url = serviceWhatsAppUrl("966500000000", "Product Design & Development");
    expect(url).toBe(
      "https://wa.me/966500000000?text=Hello!%20I'm%20interested%20in%20your%20Product%20Design%20%26%20Development%20service.%20Could%20you%20please%20provide%20more%20information%3F",
    );
    expect(decodeURIComponent(new URL(url).search.slice("?text=".length))).toBe(
      "Hello! I'm interested in your Product Design & Development service. Could you please provide more information?",
    );
  });
});
