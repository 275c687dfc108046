import { describe, expect, it } from "vitest";
import ar from "../services.ar.ts";
import en from "../services.en.ts";
import { serviceWhatsAppUrl } from "./whatsapp.ts";

const textOf = (url: string) => decodeURIComponent(new URL(url).search.slice("?text=".length));

describe("serviceWhatsAppUrl", () => {
  it("opens a chat with the studio's number and the spec's message, URL-encoded, from an English page", () => {
    const url = serviceWhatsAppUrl("966500000000", en.detail.whatsappMessage, "Product Design & Development");
    expect(url).toBe(
      "https://wa.me/966500000000?text=Hello!%20I'm%20interested%20in%20your%20Product%20Design%20%26%20Development%20service.%20Could%20you%20please%20provide%20more%20information%3F",
    );
    expect(textOf(url)).toBe(
      "Hello! I'm interested in your Product Design & Development service. Could you please provide more information?",
    );
  });

  it("writes the message in Arabic, naming the service by its Arabic title, from an Arabic page", () => {
    const url = serviceWhatsAppUrl("966500000000", ar.detail.whatsappMessage, "الطباعة ثلاثية الأبعاد");
    expect(url.startsWith("https://wa.me/966500000000?text=")).toBe(true);
    expect(textOf(url)).toBe(
      "مرحبًا! أودّ الاستفسار عن خدمة «الطباعة ثلاثية الأبعاد» لديكم. هل يمكنكم تزويدي بمزيد من المعلومات؟",
    );
  });
});
