import type { Lang } from "#shared/lang.ts";
import type { TextScript } from "#shared/schemas/font-analysis.ts";

/** A family's two names in the order a page shows them, and the script of the second one. */
export type FamilyNames = { name: string; other: string; otherScript: TextScript };

/**
 * Which of a family's names comes first. English shows the family's own name, then its Arabic one.
 * Arabic shows an Arabic family's Arabic name first ("الأميري", then "Amiri"), and a Latin family's
 * Latin name first ("Roboto", then "روبوتو"): people look a Latin typeface up by that name, and the
 * transliteration only helps to read it. A family whose script is not known is taken as Arabic.
 */
export function familyNames(
  family: { name: string; nameAr: string; script?: TextScript | undefined },
  lang: Lang,
): FamilyNames {
  if (lang === "ar" && family.script !== "latin")
    return { name: family.nameAr, other: family.name, otherScript: "latin" };
  return { name: family.name, other: family.nameAr, otherScript: "arabic" };
}
