import { useEffect, useRef } from "react";
import { Link } from "#client/lib/router.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import type { ProposalCopy } from "../copy.ts";

/** The thank-you screen (spec §2, §4): contact within 24 hours, the reference, Back to Home. */
export function ProposalThanks({ copy, reference }: { copy: ProposalCopy; reference: string }) {
  const to = useLocalizedPath();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="proposal-thanks"
      className="grid justify-items-start gap-5 rounded-3xl border border-sand-deep bg-white/70 p-8 sm:p-12"
      data-testid="proposal-thanks"
    >
      <h2
        id="proposal-thanks"
        ref={heading}
        tabIndex={-1}
        className="font-display text-4xl font-medium outline-none md:text-5xl"
      >
        {copy.done.title}
      </h2>
      <p className="max-w-xl text-lg text-ink-soft">{copy.done.body}</p>
      <p className="grid gap-1">
        <span className="eyebrow">{copy.done.reference}</span>
        <bdi dir="ltr" className="font-display text-3xl text-walnut" data-testid="proposal-reference">
          {reference}
        </bdi>
      </p>
      <Link to={to("/")} className="btn-primary mt-4">
        {copy.done.home}
      </Link>
    </section>
  );
}
