/**
 * The studio's five services (spec §3 Service): ids 1-5, each titled and described in English and
 * Arabic. Both titles are used on either language's page (a service request names the service as
 * "English title | Arabic title"); the server accepts a service request only for an id listed here.
 */
export const services = [
  {
    id: 1,
    slug: "product-design",
    titleEn: "Product Design & Development",
    titleAr: "تصميم المنتجات وتطويرها",
    descriptionEn:
      "From the first sketch to a product ready for market. We research how people live with an object, draw and model the form, choose materials that age well, and refine every detail with you until the design carries your story as clearly as it serves its use. Suited to brands, cultural institutions and founders with an idea rooted in Saudi heritage.",
    descriptionAr:
      "نرافق فكرتك من أول رسمة حتى تصبح منتجًا جاهزًا للسوق. ندرس كيف يعيش الناس مع القطعة، ثم نرسم الشكل ونجسّمه، ونختار خامات تزداد جمالًا مع الأيام، ونصقل كل تفصيلة معك حتى يحكي التصميم قصتك بوضوح ويؤدي غرضه بإتقان. خدمة تناسب العلامات التجارية والمؤسسات الثقافية وأصحاب الأفكار المستلهمة من التراث السعودي.",
  },
  {
    id: 2,
    slug: "cultural-experiences",
    titleEn: "Interactive Cultural Experiences",
    titleAr: "تجارب ثقافية تفاعلية",
    descriptionEn:
      "Objects and installations that invite people to touch, open and discover: pieces for museums, exhibitions, heritage sites and brand events that tell a cultural story through the hands as much as the eyes. We design the experience, the objects and the way visitors move through them.",
    descriptionAr:
      "قطع ومجسّمات تدعو الزائر إلى أن يلمس ويفتح ويكتشف بنفسه؛ نصمّمها للمتاحف والمعارض والمواقع التراثية وفعاليات العلامات التجارية، لتروي حكاية ثقافية تعيشها اليد كما تراها العين. نصمّم التجربة كاملة: القطع، ومسار الزائر بينها، ولحظة الاكتشاف.",
  },
  {
    id: 3,
    slug: "3d-printing",
    titleEn: "3D Printing",
    titleAr: "الطباعة ثلاثية الأبعاد",
    descriptionEn:
      "Precise 3D prints for models, parts and small series, in materials chosen for the job: fine resin for presentation models, tough polymers for working parts. We check and prepare your files, print in our Riyadh studio and finish each piece by hand when it needs it.",
    descriptionAr:
      "طباعة ثلاثية الأبعاد دقيقة للمجسّمات والقطع والدفعات الصغيرة، بخامات نختارها بحسب الغرض: راتنج ناعم لمجسّمات العرض، وبوليمرات متينة للقطع العاملة. نراجع ملفاتك ونجهّزها للطباعة، ونطبعها في مشغلنا بالرياض، ونشطّب كل قطعة يدويًا متى احتاجت إلى ذلك.",
  },
  {
    id: 4,
    slug: "prototyping",
    titleEn: "Prototyping",
    titleAr: "النماذج الأولية",
    descriptionEn:
      "See it, hold it and test it before you invest in production. We build appearance models and working prototypes in wood, resin and printed parts, so you can judge proportions, weight and use, show investors or clients, and decide with confidence.",
    descriptionAr:
      "شاهد منتجك وأمسكه بيدك وجرّبه قبل أن تستثمر في تصنيعه. نبني نماذج للشكل ونماذج عاملة من الخشب والراتنج والقطع المطبوعة، لتحكم على النِّسب والوزن وسهولة الاستخدام، وتعرضها على المستثمرين أو العملاء، وتتخذ قرارك وأنت واثق.",
  },
  {
    id: 5,
    slug: "product-execution",
    titleEn: "Product Execution",
    titleAr: "تنفيذ المنتجات",
    descriptionEn:
      "We turn an approved design into finished pieces: sourcing walnut and other materials, working with trusted local workshops and craftsmen, checking quality piece by piece, and packaging for gifting or retail. From a limited run of corporate gifts to a full production batch.",
    descriptionAr:
      "نحوّل التصميم المعتمد إلى قطع مكتملة: نوفّر خشب الجوز وسائر الخامات، ونعمل مع مشاغل وحرفيين محليين نثق بهم، ونفحص الجودة قطعةً قطعة، ونغلّف المنتج للإهداء أو للبيع. من دفعة محدودة من هدايا الشركات إلى إنتاج كامل.",
  },
] as const;

export type Service = (typeof services)[number];
export type ServiceId = Service["id"];
