CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" text DEFAULT 'contact' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"firm_name" text,
	"contact_number" text,
	"service_id" integer,
	"lang" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "inquiries_kind_check" CHECK ("inquiries"."kind" in ('contact', 'service_request')),
	CONSTRAINT "inquiries_status_check" CHECK ("inquiries"."status" in ('new', 'in_progress', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "lead_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company" text,
	"product_interest" text NOT NULL,
	"project_type" text NOT NULL,
	"quantity" text NOT NULL,
	"budget" text NOT NULL,
	"timeline" text NOT NULL,
	"custom_requirements" text NOT NULL,
	"additional_notes" text,
	"lang" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_reference_unique" UNIQUE("reference"),
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('new', 'in_progress', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote" text NOT NULL,
	"quote_ar" text NOT NULL,
	"author" text NOT NULL,
	"author_ar" text NOT NULL,
	"role" text NOT NULL,
	"role_ar" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_reference_lead_references_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."lead_references"("reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_reference_lead_references_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."lead_references"("reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_created_at_idx" ON "inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "proposals_created_at_idx" ON "proposals" USING btree ("created_at");--> statement-breakpoint
-- The first testimonials (DESIGN §3: stored and managed by admins): seeded once, here, so that a
-- testimonial an admin removes does not come back at the next start.
INSERT INTO "testimonials" ("quote", "quote_ar", "author", "author_ar", "role", "role_ar", "sort") VALUES
('The Nawat bowl sits on our majlis table every evening. Guests always ask where the pits went, then lift the cover and smile.',
 'صحن نواة حاضر على طاولة مجلسنا كل مساء. يسأل الضيوف دائمًا أين ذهبت النوى، ثم يرفعون الغطاء ويبتسمون.',
 'Hessa A.', 'حصة ع.', 'Customer, Riyadh', 'عميلة من الرياض', 1),
('The ash falls into the base instead of onto the tray. It is the first incense holder I do not have to clean after every use.',
 'يسقط الرماد في القاعدة بدل أن يتناثر على الصينية. إنها أول مبخرة لا أحتاج إلى تنظيفها بعد كل استخدام.',
 'Abdulrahman S.', 'عبدالرحمن س.', 'Customer, Al Khobar', 'عميل من الخبر', 2),
('We ordered 120 engraved bowls as Ramadan gifts for our partners. The studio answered within a day, sent a sample, and delivered on the date they promised.',
 'طلبنا ١٢٠ صحنًا محفورًا هدايا رمضانية لشركائنا. ردّ علينا الاستوديو خلال يوم، وأرسل عيّنة، وسلّم في الموعد الذي وعد به.',
 'Lama K.', 'لمى ك.', 'Office manager, Jeddah', 'مديرة مكتب، جدة', 3),
('They turned a rough sketch of our festival emblem into a 3D-printed prototype within a week, and explained every choice of wood and finish.',
 'حوّلوا رسمًا مبدئيًا لشعار مهرجاننا إلى نموذج أولي مطبوع بتقنية ثلاثية الأبعاد خلال أسبوع، وشرحوا لنا كل اختيار للخشب والتشطيب.',
 'Majed T.', 'ماجد ت.', 'Event producer, Riyadh', 'منتج فعاليات، الرياض', 4);
