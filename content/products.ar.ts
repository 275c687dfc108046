import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./products.en.ts";

/** المنتجان بالعربية: نفس بنية products.en.ts. */
const ar: Catalog<typeof en> = {
  nawat: {
    name: "صحن نواة للتمر",
    description:
      "صحن من خشب الجوز يليق بالمجلس ويحفظ السفرة نظيفة: يُقدَّم التمر في الصحن العلوي، وتنزل النوى بهدوء إلى قاعدة مخفية، أما الغطاء فيصبح وعاءً للطحينة أو دبس التمر.",
    componentsTitle: "مكوّنات القطعة",
    components: ["صحن التمر", "قاعدة تجمع النوى", "غطاء يتحوّل إلى وعاء للتغميس"],
    materialsTitle: "الخامة",
    materials: "خشب جوز طبيعي، معالج بزيوت طبيعية",
    dimensionsTitle: "المقاسات",
    dimensions: { medium: "وسط: ١٨ × ٥ سم", large: "كبير: ٢٤ × ٦ سم" },
  },
  sanam: {
    name: "مبخرة سنام",
    description:
      "مبخرة تقلب طقس البخور رأسًا على عقب: يشتعل العود متجهًا إلى الأسفل ويسقط رماده بهدوء في القاعدة، فيعبق المكان برائحة العود دون أن يقع شيء على الطاولة.",
    componentsTitle: "",
    components: [],
    materialsTitle: "",
    materials: "",
    dimensionsTitle: "",
    dimensions: { medium: "", large: "" },
  },
};
export default ar;
