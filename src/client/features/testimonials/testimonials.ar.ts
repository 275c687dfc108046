import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./testimonials.en.ts";

const ar: Catalog<typeof en> = {
  eyebrow: "بكلماتهم",
  title: "ماذا يقول عملاؤنا",
};

export default ar;
