import { catalog } from "#content/catalog.ts";
import { formatList } from "#shared/i18n/format.ts";
import pictures from "#content/pictures.en.ts";

/** "A or B": every catalog product by its short name. */
const products = formatList(
  catalog.map((p) => p.shortName.en),
  "en",
  "disjunction",
);

/** The contact page (spec §2 Contact, §4, §5, §8). */
export default {
  hero: {
    eyebrow: "Contact",
    title: "Let's talk about products.",
    lead: `A question about ${products}, an order for your team, an idea for a piece of your own: write to us and the studio will answer within 24 hours.`,
    image: pictures.top,
  },
  form: {
    title: "Send Us a Message",
    name: "Name",
    namePlaceholder: "Your full name",
    email: "Email",
    emailPlaceholder: "name@example.com",
    message: "Message",
    messagePlaceholder: "Tell us what you have in mind",
    submit: "Send Message",
    pending: "Sending...",
  },
  channels: {
    title: "Or Reach Us Directly",
    instagram: "Instagram",
    tiktok: "TikTok",
    whatsapp: "WhatsApp Chat",
    call: "Call the Studio",
    email: "E-mail",
    newTab: "(opens in a new tab)",
  },
  toasts: {
    successTitle: "Message sent successfully!",
    errorTitle: "Error sending message",
    errorBody: "Please try again later.",
  },
} as const;
