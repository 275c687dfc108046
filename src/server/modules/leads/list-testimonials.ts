import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { testimonials } from "#server/db/schema/leads.ts";

export type Testimonial = {
  id: number;
  quote: string;
  quoteAr: string;
  author: string;
  authorAr: string;
  role: string;
  roleAr: string;
};

/** The active testimonials, in their display order (DESIGN §3). */
export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return db
    .select({
      id: testimonials.id,
      quote: testimonials.quote,
      quoteAr: testimonials.quoteAr,
      author: testimonials.author,
      authorAr: testimonials.authorAr,
      role: testimonials.role,
      roleAr: testimonials.roleAr,
    })
    .from(testimonials)
    .where(eq(testimonials.active, true))
    .orderBy(asc(testimonials.sort), asc(testimonials.id));
}
