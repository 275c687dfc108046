import { interpolate } from "#shared/i18n/types.ts";

/**
 * The WhatsApp chat link of a service (spec §2 Services): the studio's number and a prefilled
 * message naming the service by its title, in the page's language: the spec's English message on
 * an English page, its Arabic counterpart (with the Arabic title) on an Arabic one.
 */
export function serviceWhatsAppUrl(number: string, message: string, serviceTitle: string): string {
  const text = interpolate(message, { service: serviceTitle });
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
