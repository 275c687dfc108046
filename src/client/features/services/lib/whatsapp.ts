/**
 * The WhatsApp chat link of a service (spec §2 Services): the studio's number and a prefilled
 * message naming the service by its English title, on either language's page (the spec's text).
 */
export function serviceWhatsAppUrl(number: string, serviceTitleEn: string): string {
  const message = `Hello! I'm interested in your ${serviceTitleEn} service. Could you please provide more information?`;
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
