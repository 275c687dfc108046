import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { directionOf, type Lang } from "#shared/lang.ts";
import type { EmailBlock, EmailContent, Inline, RenderedEmail } from "./email-content.ts";
import { studio } from "#content/studio.ts";

/**
 * The one template layer of the site's e-mails: content in, `{ subject, html, text }` out.
 * The HTML is table-based with inline styles (what mail clients render), carries `lang`/`dir` on
 * `<html>`, `<body>` and every table, aligns to the language's start, and isolates left-to-right
 * values with `<bdi dir="ltr">`. Fonts are the site's, by name only (no remote fonts), with
 * Tahoma/Arial behind them for clients that have neither.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const markup = renderToStaticMarkup(<EmailDocument content={content} />);
  return {
    lang: content.lang,
    subject: content.subject,
    html: `<!DOCTYPE html>${markup}`,
    text: renderText(content),
  };
}

const ACCENT = "#01d591";
const INK = "#1f1d1a";
const MUTED = "#6b665e";

const fonts: Record<Lang, { body: string; heading: string }> = {
  en: {
    body: "Manrope, 'Helvetica Neue', Helvetica, Arial, sans-serif",
    heading: "'Cormorant Garamond', Georgia, 'Times New Roman', serif",
  },
  ar: {
    body: "'IBM Plex Sans Arabic', Tahoma, Arial, sans-serif",
    heading: "'IBM Plex Sans Arabic', Tahoma, Arial, sans-serif",
  },
};

const brand: Record<Lang, string> = studio.name;

function EmailDocument({ content }: { content: EmailContent }) {
  const { lang } = content;
  const dir = directionOf(lang);
  const align = dir === "rtl" ? "right" : "left";
  const base: CSSProperties = {
    fontFamily: fonts[lang].body,
    color: INK,
    fontSize: 15,
    lineHeight: 1.7,
    textAlign: align,
  };
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </head>
      <body dir={dir} style={{ margin: 0, padding: 0, backgroundColor: "#f4f1ec", ...base }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden", opacity: 0 }}>{content.preview}</div>
        <Table dir={dir} style={{ backgroundColor: "#f4f1ec" }}>
          <tr>
            <td align="center" style={{ padding: "24px 12px" }}>
              <Table dir={dir} style={{ maxWidth: 600, backgroundColor: "#ffffff", borderRadius: 8 }}>
                <tr>
                  <td align={align} style={{ ...base, padding: "24px 32px", borderBottom: `4px solid ${ACCENT}` }}>
                    <span
                      style={{
                        fontFamily: fonts[lang].heading,
                        fontSize: 22,
                        fontWeight: 600,
                        letterSpacing: lang === "en" ? 0.5 : 0,
                      }}
                    >
                      {brand[lang]}
                    </span>
                  </td>
                </tr>
                <tr>
                  <td align={align} style={{ ...base, padding: "28px 32px 8px" }}>
                    {content.blocks.map((block, i) => (
                      <Block key={i} block={block} lang={lang} base={base} />
                    ))}
                  </td>
                </tr>
                <tr>
                  <td
                    align={align}
                    style={{
                      ...base,
                      padding: "16px 32px 28px",
                      color: MUTED,
                      fontSize: 13,
                      borderTop: "1px solid #ece8e1",
                    }}
                  >
                    {content.footer.map((line, i) => (
                      <div key={i}>
                        <Inlines content={line} />
                      </div>
                    ))}
                  </td>
                </tr>
              </Table>
            </td>
          </tr>
        </Table>
      </body>
    </html>
  );
}

function Table({ dir, style, children }: { dir: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <table
      role="presentation"
      dir={dir}
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ borderCollapse: "collapse", ...style }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

function Block({ block, lang, base }: { block: EmailBlock; lang: Lang; base: CSSProperties }) {
  const dir = directionOf(lang);
  switch (block.type) {
    case "heading":
      return (
        <h1
          style={{
            ...base,
            fontFamily: fonts[lang].heading,
            fontSize: 24,
            lineHeight: 1.3,
            fontWeight: 600,
            margin: "0 0 16px",
          }}
        >
          {block.text}
        </h1>
      );
    case "paragraph":
      return (
        <p style={{ ...base, margin: "0 0 16px" }}>
          <Inlines content={block.content} />
        </p>
      );
    case "callout":
      return (
        <Table dir={dir} style={{ margin: "0 0 20px" }}>
          <tr>
            <td
              style={{
                ...base,
                padding: "14px 18px",
                backgroundColor: "#e9fbf4",
                [dir === "rtl" ? "borderRight" : "borderLeft"]: `4px solid ${ACCENT}`,
                borderRadius: 6,
              }}
            >
              <div style={{ fontSize: 13, color: MUTED }}>{block.label}</div>
              <div style={{ fontSize: 20, fontWeight: 700, letterSpacing: 1 }}>
                <Inlines content={[block.value]} />
              </div>
            </td>
          </tr>
        </Table>
      );
    case "button":
      return (
        <Table dir={dir} style={{ margin: "4px 0 24px", width: "auto" }}>
          <tr>
            <td style={{ backgroundColor: ACCENT, borderRadius: 6 }}>
              <a
                href={block.href}
                style={{
                  ...base,
                  display: "inline-block",
                  padding: "12px 24px",
                  color: INK,
                  fontWeight: 700,
                  textDecoration: "none",
                }}
              >
                {block.text}
              </a>
            </td>
          </tr>
        </Table>
      );
    case "fields":
      return (
        <Table dir={dir} style={{ margin: "0 0 20px", border: "1px solid #ece8e1" }}>
          {block.rows.map((row, i) => (
            <tr key={i}>
              <th
                scope="row"
                style={{
                  ...base,
                  verticalAlign: "top",
                  width: "34%",
                  padding: "8px 12px",
                  fontWeight: 600,
                  color: MUTED,
                  fontSize: 13,
                  borderBottom: "1px solid #ece8e1",
                }}
              >
                {row.label}
              </th>
              <td
                style={{
                  ...base,
                  verticalAlign: "top",
                  padding: "8px 12px",
                  borderBottom: "1px solid #ece8e1",
                  whiteSpace: row.multiline ? "pre-wrap" : "normal",
                }}
              >
                <Inlines content={[row.value]} />
              </td>
            </tr>
          ))}
        </Table>
      );
  }
}

function Inlines({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, i) => {
        if (typeof part === "string") return part;
        let node: ReactNode = part.text;
        if (part.href)
          node = (
            <a href={part.href} style={{ color: INK, textDecoration: "underline" }}>
              {node}
            </a>
          );
        if (part.strong) node = <strong>{node}</strong>;
        // <bdi> keeps an address or a reference whole inside Arabic; dir="ltr" for clients that ignore <bdi>.
        if (part.ltr)
          return (
            <bdi key={i} dir="ltr">
              {node}
            </bdi>
          );
        return part.isolate ? <bdi key={i}>{node}</bdi> : <span key={i}>{node}</span>;
      })}
    </>
  );
}

/** Unicode's directional isolates: what <bdi dir="ltr"> and <bdi> are to the HTML part. */
const LRI = "\u2066";
const FSI = "\u2068";
const PDI = "\u2069";

/** One run of the plain-text part of a right-to-left e-mail, isolated as the HTML part isolates it. */
function isolatedText(part: Inline): string {
  if (typeof part === "string") return part;
  if (part.ltr) return `${LRI}${part.text}${PDI}`;
  return part.isolate ? `${FSI}${part.text}${PDI}` : part.text;
}

const plainText = (part: Inline) => (typeof part === "string" ? part : part.text);

/**
 * The plain-text part: the same content, read top to bottom. In a right-to-left e-mail, phones,
 * e-mail addresses, references and amounts are isolated as in the HTML part, so "+966 55 123 4567"
 * or a reference keeps its order inside an Arabic line in a client that shows only the text. A
 * left-to-right e-mail needs no isolates (its values already run its way), and leaving them out
 * keeps invisible characters off a number copied from it.
 */
function renderText(content: EmailContent): string {
  const lines: string[] = [brand[content.lang], ""];
  const run = directionOf(content.lang) === "rtl" ? isolatedText : plainText;
  const inline = (parts: Inline[]) => parts.map(run).join("");
  for (const block of content.blocks) {
    switch (block.type) {
      case "heading":
        lines.push(block.text, "");
        break;
      case "paragraph":
        lines.push(inline(block.content), "");
        break;
      case "callout":
        lines.push(`${block.label}: ${inline([block.value])}`, "");
        break;
      case "button":
        lines.push(`${block.text}:`, block.href, "");
        break;
      case "fields":
        for (const row of block.rows) {
          const value = inline([row.value]);
          lines.push(row.multiline && value.includes("\n") ? `${row.label}:\n${value}` : `${row.label}: ${value}`);
        }
        lines.push("");
        break;
    }
  }
  lines.push("--", ...content.footer.map(inline));
  return `${lines.join("\n")}\n`;
}
