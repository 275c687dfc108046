/** The site-wide English catalog: the frame, page metadata and shared messages. */
export const en = {
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
    signIn: "Sign in",
    signedInAs: "Signed in as {name}",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    menuTitle: "Menu",
    homeLink: "Nawat Studio, home",
    adminDashboard: "Admin Dashboard",
    signOut: "Sign Out",
  },
  footer: {
    description:
      "A Riyadh studio designing heritage-inspired objects by hand: pieces that carry the generosity of the Saudi majlis into everyday life.",
    follow: "Follow the studio",
    instagram: "Instagram",
    tiktok: "TikTok",
    explore: "Explore",
    contactHeading: "Get in touch",
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
    hint: "GET {path} → 404: no route matched this path.",
    home: "Back to home",
  },
  pending: {
    title: "This page is being finished",
    body: "The studio team is completing this part of the site. Meanwhile, write to us and we will answer within 24 hours.",
    contact: "Contact the studio",
  },
  meta: {
    home: {
      title: "Nawat Studio | Handcrafted heritage design from Riyadh",
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
      title: "About the studio | Nawat Studio",
      description: "A Riyadh product design studio that turns Saudi heritage into objects people notice, use and keep.",
    },
    contact: {
      title: "Contact | Nawat Studio",
      description: "Talk to Nawat Studio about our products, custom orders and design services.",
    },
    proposal: {
      title: "Custom proposal | Nawat Studio",
      description: "Request a custom proposal for bulk orders, corporate gifts, events or a design of your own.",
    },
    checkout: {
      title: "Checkout | Nawat Studio",
      description: "Complete your order with Apple Pay, card, Tamara or Tabby.",
    },
    fontRecognition: {
      title: "Font recognition | Nawat Studio",
      description:
        "Upload an image and our model names the typeface, Arabic or Latin, with its weight, style and size.",
    },
    auth: {
      title: "Sign in | Nawat Studio",
      description: "Sign in or create your Nawat Studio account.",
    },
    admin: {
      title: "Admin dashboard | Nawat Studio",
      description: "The studio's dashboard.",
    },
    notFound: {
      title: "Page Not Found | Nawat Studio",
      description: "This page does not exist.",
    },
  },
  fontAnalysis: {
    image: {
      required: "Choose an image to analyse.",
      invalid: "Send the image as a data URL (data:image/...;base64,...).",
      type: "Choose an image file (PNG, JPEG or WebP).",
    },
    box: {
      invalid: "The selected area needs a position and a width and height above zero.",
    },
    errors: {
      tooLarge: "The image is larger than 10 MB. Choose a smaller image.",
      unsupportedType: "Only PNG, JPEG and WebP images can be analysed.",
      dimensions:
        "The image is too large to analyse ({width} × {height} pixels). Use an image of at most {max} pixels on each side.",
      pixels:
        "The image has too many pixels to analyse ({width} × {height}, {megapixels} megapixels). Use an image of at most {max} megapixels, or crop it to the text.",
      unreadable: "The image is damaged or cannot be read.",
      noText: "No text was found in the image. Try a sharper image, or draw a box around the text.",
      invalidBox:
        "The selected area is outside the image or too small. Select the text again, or analyse the whole image.",
      busy: "The font recognizer is busy right now. Please try again in a few seconds.",
      rateLimited: "Too many analyses in a short time. Please wait a minute and try again.",
      unavailable: "Font recognition is not available right now. Please try again later.",
      invalidRequest: "The request is not valid.",
    },
  },
  leads: {
    kind: { invalid: "Choose a contact message or a service request." },
    service: { invalid: "Please choose one of the studio's services." },
    name: { required: "Name is required", max: "Name must be at most 100 characters" },
    email: { invalid: "Please enter a valid email address", max: "Email must be at most 254 characters" },
    message: { min: "Message must be at least 10 characters", max: "Message must be at most 5,000 characters" },
    firmName: { required: "Firm name is required", max: "Firm name must be at most 150 characters" },
    contactNumber: { required: "Contact number is required", max: "Contact number must be at most 40 characters" },
    serviceName: { required: "Service selection is required", max: "Service name must be at most 200 characters" },
    phone: { required: "Phone number is required", max: "Phone number must be at most 40 characters" },
    company: { max: "Company name must be at most 150 characters" },
    productInterest: { required: "Please select a product" },
    projectType: { required: "Please select project type" },
    quantity: { required: "Please specify quantity", max: "Quantity must be at most 100 characters" },
    budget: { required: "Please select budget range" },
    timeline: { required: "Please select timeline" },
    customRequirements: {
      min: "Please describe your requirements (minimum 10 characters)",
      max: "Requirements must be at most 4,000 characters",
    },
    additionalNotes: { max: "Additional notes must be at most 2,000 characters" },
    rateLimited: "You have sent several messages in a short time. Please wait a minute and try again.",
    tooLarge: "Your message is too long to send. Please shorten it and try again.",
  },
  errors: {
    network: "We could not reach the studio's server. Check your connection and try again.",
    generic: "Something went wrong. Please try again.",
    invalidRequest: "Some fields need your attention.",
    required: "This field is required.",
    invalidValue: "This value is not valid.",
    unknownField: "This field is not accepted here.",
    invalidJson: "The request body is not valid JSON.",
    tooDeep: "The request body is nested too deeply.",
    payloadTooLarge: "The request is too large.",
    unsupportedMediaType: "Send the request as JSON (Content-Type: application/json).",
    badRequest: "The request could not be understood.",
    rateLimited: "Too many requests in a short time. Please wait a moment and try again.",
    notFound: "Nothing was found at this address.",
    noApiRoute: "No API route for {method} {path}.",
    notFoundImage: "No image or video has this name.",
    notFoundFont: "No font family has this id.",
    unauthorized: "Please sign in to continue.",
    forbidden: "You do not have access to this.",
    forbiddenOrigin: "Requests from another site are not accepted.",
    badUrl: "The address of the request is not a valid URL.",
    uriTooLong: "The address of the request is too long.",
    requestTimeout: "The request took too long to arrive.",
    headersTooLarge: "The request headers are too large.",
    unavailable: "This service is not available right now. Please try again shortly.",
    internal: "Something went wrong on our side. Please try again.",
  },
} as const;

export type EnglishCatalog = typeof en;
