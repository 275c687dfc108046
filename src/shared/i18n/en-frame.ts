/** The English frame: what every page shows (header, footer, page metadata, 404). */
export const enFrame = {
  brand: {
    name: "Nawat Studio",
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
    homeLink: "Nawat Studio, home",
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
    copyright: "© 2025 Nawat Studio. All rights reserved.",
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
      title: "Nawat Studio | Handcrafted Heritage Design from Riyadh",
      description:
        "Walnut date bowls and incense holders handcrafted in Riyadh. Heritage product design, custom proposals and corporate gifts.",
    },
    products: {
      title: "Nawat Date Bowl | Nawat Studio",
      description:
        "The Nawat date bowl: natural walnut, three parts, a hidden base that gathers the pits. Handcrafted in Riyadh.",
    },
    services: {
      title: "Services | Nawat Studio",
      description:
        "Product design and development, interactive cultural experiences, 3D printing, prototyping and production by a Riyadh studio.",
    },
    sustainability: {
      title: "Sustainability | Nawat Studio",
      description:
        "Cultural and environmental sustainability: walnut from responsible sources, natural oils and designs made to last generations.",
    },
    about: {
      title: "About the Studio | Nawat Studio",
      description: "A Riyadh product design studio that turns Saudi heritage into objects people notice, use and keep.",
    },
    contact: {
      title: "Contact | Nawat Studio",
      description: "Talk to Nawat Studio about our products, custom orders and design services.",
    },
    proposal: {
      title: "Custom Proposal | Nawat Studio",
      description: "Request a custom proposal for bulk orders, corporate gifts, events or a design of your own.",
    },
    checkout: {
      title: "Checkout | Nawat Studio",
      description: "Complete your order with Apple Pay, card, Tamara or Tabby.",
    },
    orders: {
      title: "Find Your Order | Nawat Studio",
      description: "Look up a Nawat Studio order with its reference and e-mail: its status, invoice and history.",
    },
    fontRecognition: {
      title: "Font Recognition | Nawat Studio",
      description:
        "Upload an image and our model names the typeface, Arabic or Latin, with its weight, style and size.",
    },
    auth: {
      title: "Sign In | Nawat Studio",
      description: "Sign in or create your Nawat Studio account.",
    },
    verifyEmail: {
      title: "Confirm Your E-mail | Nawat Studio",
      description: "Confirm the e-mail address of your Nawat Studio account.",
    },
    resetPassword: {
      title: "Choose a New Password | Nawat Studio",
      description: "Set a new password for your Nawat Studio account.",
    },
    wishlist: {
      title: "Wishlist | Nawat Studio",
      description: "The pieces you have saved at Nawat Studio.",
    },
    account: {
      title: "My Account | Nawat Studio",
      description: "Your details, password and wishlist at Nawat Studio.",
    },
    terms: {
      title: "Terms of Use | Nawat Studio",
      description: "The terms for using the Nawat Studio website, your account and orders.",
    },
    privacy: {
      title: "Privacy Policy | Nawat Studio",
      description: "What Nawat Studio collects about you, why, how long we keep it and how to reach us.",
    },
    admin: {
      title: "Admin Dashboard | Nawat Studio",
      description: "The studio's dashboard.",
    },
    orderInvoice: {
      title: "Tax Invoice | Nawat Studio",
      description: "The simplified tax invoice of your Nawat Studio order, to print or download.",
    },
    notFound: {
      title: "Page Not Found | Nawat Studio",
      description: "This page does not exist.",
    },
  },
} as const;

export type EnglishFrame = typeof enFrame;
