import { studio } from "#content/studio.ts";
import { productName } from "#content/catalog.ts";
import { showcase } from "#content/showcase.ts";

/** The English frame: what every page shows (header, footer, page metadata, 404). */
export const enFrame = {
  brand: {
    name: studio.name.en,
    tagline: "Heritage product design from Riyadh",
  },
  nav: {
    home: "Home",
    products: "Products",
    services: "Services",
    sustainability: "Sustainability",
    about: "About",
    contact: "Contact",
    main: "Main navigation",
    skipToContent: "Skip to content",
  },
  header: {
    toggleLanguage: "AR",
    toggleLanguageLabel: "عرض الموقع بالعربية",
    account: "Account",
    signIn: "Sign In",
    wishlist: "Wishlist",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    menuTitle: "Menu",
    homeLink: `${studio.name.en}, home`,
  },
  footer: {
    description:
      "A Riyadh studio designing heritage-inspired objects by hand: pieces that carry the generosity of the Saudi majlis into everyday life.",
    follow: "Follow the studio",
    instagram: "Instagram",
    tiktok: "TikTok",
    explore: "Explore",
    fontTool: "Font Recognition",
    contactHeading: "Get in Touch",
    location: "Riyadh, Saudi Arabia",
    copyright: `© 2025 ${studio.name.en}. All rights reserved.`,
    emailLabel: "E-mail",
    phoneLabel: "Phone",
  },
  close: "Close",
  scrollToTop: "Back to top",
  notifications: "Notifications",
  notFound: {
    code: "404",
    title: "Page Not Found",
    body: "The page you are looking for has moved, or never existed.",
    hint: "No route matched this path.",
    home: "Back to Home",
  },
  meta: {
    home: {
      title: `${studio.name.en} | Handcrafted Heritage Design from Riyadh`,
      description:
        "Walnut date bowls and incense holders handcrafted in Riyadh. Heritage product design, custom proposals and corporate gifts.",
    },
    products: {
      title: `${productName(showcase.id, "en")} | ${studio.name.en}`,
      description: showcase.metaDescription.en,
    },
    services: {
      title: `Services | ${studio.name.en}`,
      description:
        "Product design and development, interactive cultural experiences, 3D printing, prototyping and production by a Riyadh studio.",
    },
    sustainability: {
      title: `Sustainability | ${studio.name.en}`,
      description:
        "Cultural and environmental sustainability: walnut from responsible sources, natural oils and designs made to last generations.",
    },
    about: {
      title: `About the Studio | ${studio.name.en}`,
      description: "A Riyadh product design studio that turns Saudi heritage into objects people notice, use and keep.",
    },
    contact: {
      title: `Contact | ${studio.name.en}`,
      description: `Talk to ${studio.name.en} about our products, custom orders and design services.`,
    },
    proposal: {
      title: `Custom Proposal | ${studio.name.en}`,
      description: "Request a custom proposal for bulk orders, corporate gifts, events or a design of your own.",
    },
    checkout: {
      title: `Checkout | ${studio.name.en}`,
      description: "Complete your order with Apple Pay, card, Tamara or Tabby.",
    },
    orders: {
      title: `Find Your Order | ${studio.name.en}`,
      description: `Look up a ${studio.name.en} order with its reference and e-mail: its status, invoice and history.`,
    },
    fontRecognition: {
      title: `Font Recognition | ${studio.name.en}`,
      description:
        "Upload an image and our model names the typeface, Arabic or Latin, with its weight, style and size.",
    },
    auth: {
      title: `Sign In | ${studio.name.en}`,
      description: `Sign in or create your ${studio.name.en} account.`,
    },
    verifyEmail: {
      title: `Confirm Your E-mail | ${studio.name.en}`,
      description: `Confirm the e-mail address of your ${studio.name.en} account.`,
    },
    resetPassword: {
      title: `Choose a New Password | ${studio.name.en}`,
      description: `Set a new password for your ${studio.name.en} account.`,
    },
    wishlist: {
      title: `Wishlist | ${studio.name.en}`,
      description: `The pieces you have saved at ${studio.name.en}.`,
    },
    account: {
      title: `My Account | ${studio.name.en}`,
      description: `Your details, password and wishlist at ${studio.name.en}.`,
    },
    terms: {
      title: `Terms of Use | ${studio.name.en}`,
      description: `The terms for using the ${studio.name.en} website, your account and orders.`,
    },
    privacy: {
      title: `Privacy Policy | ${studio.name.en}`,
      description: `What ${studio.name.en} collects about you, why, how long we keep it and how to reach us.`,
    },
    admin: {
      title: `Admin Dashboard | ${studio.name.en}`,
      description: "The studio's dashboard.",
    },
    orderInvoice: {
      title: `Tax Invoice | ${studio.name.en}`,
      description: `The simplified tax invoice of your ${studio.name.en} order, to print or download.`,
    },
    orderCreditNote: {
      title: `Credit Note | ${studio.name.en}`,
      description: `The simplified credit note of a refund of your ${studio.name.en} order, to print or download.`,
    },
    notFound: {
      title: `Page Not Found | ${studio.name.en}`,
      description: "This page does not exist.",
    },
  },
} as const;

export type EnglishFrame = typeof enFrame;
