import type { Lang } from "#shared/lang.ts";

/**
 * An e-mail as content, not markup: every template (leads now; account verification and order
 * confirmations later) returns one of these, and render-email.tsx turns it into the HTML and the
 * plain-text part, so the two never drift apart and every mail gets the same direction handling.
 */
export type EmailContent = {
  lang: Lang;
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  blocks: EmailBlock[];
  /** Closing lines under the blocks (the studio's name and contacts). */
  footer: Inline[][];
};

/**
 * A run of text. `ltr` isolates text that must read left to right inside Arabic (references,
 * e-mail addresses, phone numbers); `isolate` keeps a value whole in its own direction (an amount:
 * "٤٢٢ ريال" or "422 SAR"); `href` makes it a link. The HTML part isolates with <bdi>, the
 * plain-text part with Unicode's isolates (U+2066 LRI or U+2068 FSI, closed by U+2069 PDI).
 */
export type Inline = string | { text: string; ltr?: boolean; isolate?: boolean; href?: string; strong?: boolean };

export type EmailBlock =
  | { type: "heading"; text: string }
  | { type: "paragraph"; content: Inline[] }
  /** A highlighted label and value, e.g. the lead's reference. */
  | { type: "callout"; label: string; value: Inline }
  /** A call to action: a link drawn as a button (the plain-text part prints the address). */
  | { type: "button"; text: string; href: string }
  /** Label/value rows; `multiline` keeps the value's line breaks (a message). */
  | { type: "fields"; rows: { label: string; value: Inline; multiline?: boolean }[] };

export type RenderedEmail = { lang: Lang; subject: string; html: string; text: string };

/** A value that must read left to right (reference, e-mail, phone), optionally a link. */
export function ltr(text: string, href?: string): Inline {
  return href ? { text, ltr: true, href } : { text, ltr: true };
}

/** A value read as one piece in its own direction (an amount, a price range), never split by the line's. */
export function isolated(text: string): Inline {
  return { text, isolate: true };
}

/**
 * A catalog text with its placeholders filled by runs, so a value inside a sentence keeps its
 * isolation: `fill("فاتورتك رقم {number} جاهزة", { number: ltr("INV-000042") })`. A placeholder
 * without a value stays as written.
 */
export function fill(text: string, params: Record<string, Inline>): Inline[] {
  return text
    .split(/(\{\w+\})/)
    .filter((part) => part !== "")
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in params ? params[name]! : part;
    });
}

/** A subject or header value on one line, whatever a visitor typed into a field. */
export function oneLine(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}
