/** The services page and its dialogs (spec §2 Services, §4, §5, §8). */
export default {
  hero: {
    eyebrow: "What we do",
    title: "Services",
    subtitle:
      "From the first sketch to the finished piece: design, prototypes and production for brands, institutions and founders who want their heritage held in an object.",
  },
  cards: {
    label: "Our services",
    learnMore: "Learn More",
    learnMoreAbout: "about {title}",
  },
  details: {
    eyebrow: "In detail",
    title: "How We Work with You",
    request: "Request This Service",
  },
  detail: {
    close: "Close",
    request: "Request Service",
    whatsapp: "WhatsApp Direct Message",
    newTab: "(opens WhatsApp in a new tab)",
    /** The chat's prefilled message (spec §2 Services); {service} is the service's title. */
    whatsappMessage: "Hello! I'm interested in your {service} service. Could you please provide more information?",
  },
  form: {
    title: "Request Service",
    intro: "Leave your details and the studio will get back to you within 24 hours.",
    close: "Close",
    name: "Name",
    namePlaceholder: "Your full name",
    firmName: "Firm name",
    firmNamePlaceholder: "Company or organization",
    email: "Email",
    emailPlaceholder: "name@company.com",
    contactNumber: "Contact number",
    contactNumberPlaceholder: "+966 5X XXX XXXX",
    serviceName: "Service",
    submit: "Send Request",
    pending: "Sending Request...",
  },
  toasts: {
    successTitle: "Service request sent successfully!",
    successBody: "We'll get back to you within 24 hours.",
    errorTitle: "Error sending request",
    errorBody: "Please try again later.",
  },
} as const;
