import { Fragment } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { siteConfig } from "#client/lib/site-config.ts";

/** A short legal text: a title, when it was last updated, sections of paragraphs. */
export type LegalText = {
  title: string;
  updated: string;
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
};

/** Puts the studio's e-mail and phone (configuration) where a text says {email} and {phone}. */
function withContacts(text: string) {
  return text.split(/(\{email\}|\{phone\})/).map((part, i) => (
    <Fragment key={i}>
      {part === "{email}" ? (
        <a href={`mailto:${siteConfig.STUDIO_EMAIL}`} className="text-walnut underline underline-offset-4">
          <bdi dir="ltr">{siteConfig.STUDIO_EMAIL}</bdi>
        </a>
      ) : part === "{phone}" ? (
        <bdi dir="ltr">{siteConfig.STUDIO_PHONE}</bdi>
      ) : (
        part
      )}
    </Fragment>
  ));
}

/** The terms and privacy pages: plain, readable, in the page's language. */
export function LegalDocument({ text }: { text: LegalText }) {
  const { t } = useI18n();
  return (
    <article className="container-page max-w-3xl pt-28 pb-24 md:pt-36">
      <p className="eyebrow">{t("brand.name")}</p>
      <h1 className="mt-4 font-display text-5xl font-medium">{text.title}</h1>
      <p className="mt-3 text-sm text-ink-soft">{text.updated}</p>
      <p className="mt-8 text-lg leading-relaxed">{withContacts(text.intro)}</p>
      {text.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="font-display text-2xl font-medium">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-ink-soft">
              {withContacts(paragraph)}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
