import { useId, useState } from "react";
import { FilterField, FilterSelect } from "#client/components/ui/filter-select.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { formatNumber } from "#shared/i18n/format.ts";
import { plural } from "#shared/i18n/plural.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { FontLibraryFamily } from "#shared/schemas/font-library.ts";
import { useFontLibrary } from "../api/use-font-library.ts";
import { familyNames } from "../lib/family-names.ts";

type ScriptFilter = "all" | "arabic" | "latin";

const styleOf = (f: FontLibraryFamily) => f.arabicStyle ?? f.latinClass ?? "";

/** Case, Arabic vowel marks and the forms of alef and yeh left aside, so "الاميري" finds "الأميري". */
const searchable = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u064B-\u065F\u0670\u0300-\u036f]/g, "")
    .replace(/[أإآ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .trim();

const controlClass = "min-h-11 rounded-lg border border-sand-deep bg-white px-3";

/** The families the model knows, with a specimen of each, filtered by script and style. */
export function FontLibrary(props: { copy: FontRecognitionCopy }) {
  const { copy } = props;
  const { lang } = useI18n();
  const l = copy.library;
  const query = useFontLibrary(true);
  const [script, setScript] = useState<ScriptFilter>("all");
  const [style, setStyle] = useState("all");
  const [search, setSearch] = useState("");
  const searchId = useId();
  const scriptId = useId();
  const styleId = useId();
  const number = (n: number) => formatNumber(n, lang);

  if (query.isPending) return <p role="status">{l.loading}</p>;
  if (query.isError) return <p role="alert">{l.failed}</p>;

  const families = query.data.families;
  const inScript = families.filter((f) => script === "all" || f.script === script);
  const styles = [...new Set(inScript.map(styleOf).filter(Boolean))];
  const activeStyle = styles.includes(style) ? style : "all";
  const needle = searchable(search);
  const shown = inScript.filter(
    (f) =>
      (activeStyle === "all" || styleOf(f) === activeStyle) &&
      (!needle || searchable(f.name).includes(needle) || searchable(f.nameAr).includes(needle)),
  );
  const styleName = (s: string) => (l.styles as Record<string, string>)[s] ?? s;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <FilterField id={searchId} label={l.search}>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            className={`${controlClass} w-56`}
          />
        </FilterField>
        <FilterSelect
          id={scriptId}
          label={l.script}
          allLabel={l.all}
          allValue="all"
          value={script}
          values={["arabic", "latin"] as const}
          names={{ arabic: l.arabic, latin: l.latin }}
          onChange={setScript}
          className={controlClass}
        />
        <FilterSelect
          id={styleId}
          label={l.style}
          allLabel={l.all}
          allValue="all"
          value={activeStyle}
          values={styles}
          names={Object.fromEntries(styles.map((s) => [s, styleName(s)]))}
          onChange={setStyle}
          className={controlClass}
        />
        <p className="ms-auto text-sm text-ink-soft" role="status" data-testid="library-count">
          {plural(l.count, shown.length, lang)}
        </p>
      </div>
      {shown.length === 0 ? <p>{l.none}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="library-list">
        {shown.map((f) => {
          const { name, other } = familyNames(f, lang);
          return (
            <li key={f.id} className="grid gap-3 rounded-2xl border border-sand-deep bg-white p-4">
              <img
                src={f.sampleUrl}
                alt={interpolate(l.sampleAlt, { name })}
                width={560}
                height={120}
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-lg"
              />
              <div>
                <h3 className="font-medium">
                  <bdi>{name}</bdi>{" "}
                  <span className="text-sm font-light text-ink-soft">
                    <bdi>{other}</bdi>
                  </span>
                </h3>
                <p className="text-sm text-ink-soft">
                  {lang === "ar" ? f.classificationAr : f.classification}
                  {" · "}
                  {interpolate(l.weights, { list: f.weights.map(number).join(lang === "ar" ? "، " : ", ") })}
                  {f.italic ? ` · ${l.italic}` : ""}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
