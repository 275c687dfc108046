/** The home page's testimonials section (DESIGN §3: shown when the studio has stored some). */
export default {
  eyebrow: "Kind words",
  title: "What Our Clients Say",
} as const;
