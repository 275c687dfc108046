import { studio } from "#content/studio.ts";

/** /terms: the terms of using the site, an account and the shop, short and plain. */
export default {
  title: "Terms of Use",
  updated: "Last updated: November 2026",
  intro: `These terms apply when you use the ${studio.name.en} website, create an account or order from us. ${studio.name.en} is a product design studio in Riyadh, Saudi Arabia. Questions: {email} or {phone}.`,
  sections: [
    {
      heading: "Your Account",
      paragraphs: [
        'Give us your real name and an e-mail address you can receive mail at, and keep your password to yourself. You are responsible for what is done with your account; if you think someone else has used it, change your password and use "Sign Out Everywhere" on your account page, and tell us.',
        "We may suspend an account that is used to abuse the site, other customers or the studio.",
      ],
    },
    {
      heading: "Orders and Prices",
      paragraphs: [
        "Prices are in Saudi riyals and include 15% VAT. An order is confirmed once its payment is accepted, and you receive a simplified tax invoice for it. Our pieces are made by hand, so grain and color vary from piece to piece; that is part of the work, not a defect.",
        "Returns and exchanges follow the Saudi e-commerce law: tell us within 7 days of delivery if you want to return an unused piece in its packaging. Custom and personalized pieces made to your request cannot be returned unless they arrive damaged or different from what was agreed.",
      ],
    },
    {
      heading: "Our Designs",
      paragraphs: [
        `The designs, photographs, videos and texts on this site belong to ${studio.name.en}. You may share links to them; you may not copy our designs or reuse our content commercially without our written permission.`,
      ],
    },
    {
      heading: "Using the Site",
      paragraphs: [
        "Do not try to break into the site, overload it, or use it to send unwanted messages. The font recognition tool gives an estimate; check its answer before relying on it.",
        "These terms are governed by the laws of the Kingdom of Saudi Arabia. If we change them, we update the date above; the terms in force when you placed an order apply to that order.",
      ],
    },
  ],
} as const;
