import { studio } from "#content/studio.ts";

/** /privacy: what the studio collects, why, for how long, and whom to ask (Saudi PDPL). */
export default {
  title: "Privacy Policy",
  updated: "Last updated: November 2026",
  intro: `${studio.name.en} is a product design studio in Riyadh. This page explains what we collect about you when you use this website, why, how long we keep it and how to reach us. We handle personal data under the Saudi Personal Data Protection Law (PDPL). Questions: {email}.`,
  sections: [
    {
      heading: "What We Collect",
      paragraphs: [
        "Your account: first and last name, e-mail address, country, and your phone number if you give it. Your password is stored only as a one-way hash; nobody at the studio can read it.",
        "What you send us: contact messages, service requests and proposal requests, with the details you write in them.",
        "Orders: the products, amounts and delivery details of what you buy. Card numbers go straight to the payment provider and never reach our servers.",
        "Technical data: a session cookie that keeps you signed in, a cookie that remembers your language, and server logs (address, time, page) used to keep the site secure. We use no advertising or tracking cookies.",
      ],
    },
    {
      heading: "Why We Use It",
      paragraphs: [
        "To run your account and your orders, to answer your messages, to send the e-mails you ask for (confirming your address, resetting your password, order updates) and to protect the site against abuse. We do not sell your data and do not use it for advertising.",
      ],
    },
    {
      heading: "Who Else Sees It",
      paragraphs: [
        "Only the services we need to do the above: our hosting and e-mail providers, and the payment provider you choose (card, Apple Pay, Tamara or Tabby) for your payment. Each receives only what its part needs.",
      ],
    },
    {
      heading: "How Long We Keep It",
      paragraphs: [
        "Your account, for as long as it is open; when you ask us to close it we delete its data within 30 days. Messages and requests, for two years after our last exchange. Order and invoice records, for as long as Saudi tax law requires (currently six years). A sign-in session ends after at most 30 days, or at once when you sign out.",
      ],
    },
    {
      heading: "Your Rights and How to Reach Us",
      paragraphs: [
        "You may ask to see, correct or delete your personal data, or to withdraw your consent, by writing to {email} or calling {phone}. You can change your name, phone and country yourself on your account page. We answer within 30 days. If you are not satisfied with our answer, you may complain to the Saudi Data & AI Authority (SDAIA).",
      ],
    },
  ],
} as const;
