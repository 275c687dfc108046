import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./collection.en.ts";

/** عنوان المجموعة في الصفحة الرئيسية: يذكر عدد القطع، فيتغيّر مع الكتالوج. */
const ar: Catalog<typeof en> = {
  title: "قطعتان، وفكرة واحدة عن الكرم",
};

export default ar;
