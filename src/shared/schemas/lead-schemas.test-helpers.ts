import type { z } from "zod";
import { isMessageKey, translate } from "../i18n/translate.ts";
import type { Lang } from "../lang.ts";

/** The first message of each failing field, in a language, as the form and the API show them. */
export function fieldMessages(schema: z.ZodType, data: unknown, lang: Lang = "en"): Record<string, string> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join(".") || "body";
    if (fields[name]) continue;
    if (!isMessageKey(issue.message)) throw new Error(`${name}: "${issue.message}" is not a catalog key`);
    fields[name] = translate(lang, issue.message);
  }
  return fields;
}
