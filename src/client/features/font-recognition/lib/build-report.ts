import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { formatDate } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { directionOf, type Lang } from "#shared/lang.ts";
import type { DescribedAnalysis, DescribedFont } from "./describe-analysis.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/**
 * A self-contained HTML report (DESIGN §3): inline styles, the image as a data URL, no scripts and
 * nothing fetched, so it opens anywhere, offline, in the visitor's language and direction.
 */
export function buildReport(input: {
  described: DescribedAnalysis;
  copy: FontRecognitionCopy;
  lang: Lang;
  thumbnail: string;
  imageName: string;
  date: Date;
}): string {
  const { described: d, copy, lang } = input;
  const e = escapeHtml;
  const date = formatDate(input.date, lang, { dateStyle: "long", timeStyle: "short" });
  const safeThumbnail = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/.test(input.thumbnail)
    ? input.thumbnail
    : "";
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(copy.report.title)}: ${e(d.family)}</title>
<style>
body{font-family:system-ui,"Segoe UI","Noto Sans Arabic",Tahoma,sans-serif;color:#1b1915;background:#f6f1ea;margin:0;padding:2rem;line-height:1.6}
main{max-inline-size:46rem;margin-inline:auto;background:#fff;border-radius:1rem;padding:2rem;box-shadow:0 1px 4px #0001}
h1{margin-block:0 .25rem;font-size:1.6rem}h2{font-size:1.1rem;margin-block:1.5rem .5rem}
.meta{color:#4a453d;font-size:.9rem;margin:0}
figure{margin:1.5rem 0}figure img{max-inline-size:100%;border:1px solid #ebe2d5;border-radius:.5rem}
figcaption{font-size:.85rem;color:#4a453d}
table{border-collapse:collapse;inline-size:100%}th,td{text-align:start;padding:.4rem .6rem;border-block-end:1px solid #ebe2d5;vertical-align:top}
th{font-weight:600;inline-size:35%}
ul{padding-inline-start:1.2rem}
.similar{list-style:none;padding:0}.similar li{display:grid;grid-template-columns:10rem 1fr 8rem;gap:.75rem;align-items:center;margin-block:.3rem}
.other{margin-block-start:2rem;border-block-start:2px solid #ebe2d5}
.bar{display:block;block-size:.5rem;background:#ebe2d5;border-radius:1rem;overflow:hidden}.bar span{display:block;block-size:100%;background:#01d591}
</style>
</head>
<body>
<main>
<h1>${e(copy.report.title)}</h1>
<p class="meta">${e(interpolate(copy.report.generated, { date }))}</p>
${safeThumbnail ? `<figure><img src="${safeThumbnail}" alt="${e(copy.report.image)}"><figcaption>${e(input.imageName)}</figcaption></figure>` : ""}
${d.line ? `<h2>${e(d.line.heading)}</h2>` : ""}
${fontSection(d, copy, d.line ? 3 : 2)}
${d.otherScript ? `<section class="other">\n<h2>${e(d.otherScript.heading)}</h2>\n${fontSection(d.otherScript, copy, 3)}\n</section>` : ""}
</main>
</body>
</html>
`;
}

/** One script's analysis: its table and sections, headed at `level` (the second script's one lower). */
function fontSection(d: DescribedFont, copy: FontRecognitionCopy, level: 2 | 3): string {
  const r = copy.result;
  const e = escapeHtml;
  const h = (text: string, sub = 0) => `<h${level + sub}>${e(text)}</h${level + sub}>`;
  const row = (label: string, value: string | undefined) =>
    value === undefined ? "" : `<tr><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`;
  const similar = d.similar
    .map(
      (s) =>
        `<li><span>${e(s.name)}</span><span class="bar" aria-hidden="true"><span style="inline-size:${Math.round(
          s.value * 100,
        )}%"></span></span><span>${e(interpolate(r.similarity, { value: s.similarity }))}</span></li>`,
    )
    .join("");
  return `${d.libraryNotice ? `<p><strong>${e(d.libraryNotice)}</strong></p>` : ""}
<table>
${row(d.libraryNotice ? r.closestFamily : r.family, d.family)}
${row(d.otherNameLabel ?? "", d.otherName)}
${row(r.confidence, d.confidence)}
${row(r.weight, d.weight)}
${row(r.style, d.style)}
${row(r.size, d.size)}
</table>
${d.characteristics.length > 0 ? `${h(r.characteristics)}<ul>${d.characteristics.map((c) => `<li>${e(c)}</li>`).join("")}</ul>` : ""}
${d.similar.length > 0 ? `${h(r.similar)}<ul class="similar">${similar}</ul>` : ""}
${d.cultural ? `${h(r.cultural)}${h(r.origin, 1)}<p>${e(d.cultural.origin)}</p>${h(r.usage, 1)}<p>${e(d.cultural.usage)}</p>` : ""}`;
}
