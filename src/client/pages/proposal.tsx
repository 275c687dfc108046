import { useSyncExternalStore } from "react";
import { ProposalWizard } from "#client/features/proposal/components/proposal-wizard.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocation } from "#client/lib/router.tsx";

// The feature's own copy, loaded by this page (main.tsx fetches it before hydrating).
export const copy = defineLazyCopy({
  en: () => import("#client/features/proposal/proposal.en.ts"),
  ar: () => import("#client/features/proposal/proposal.ar.ts"),
});

const subscribeNothing = () => () => undefined;

/**
 * /proposal (spec §2, DESIGN D10): the three-step wizard. An app-like page (DESIGN D3): the
 * heading is prerendered; the wizard renders once the page hydrates, since it starts from the
 * visitor's saved draft and the link's ?product=.
 */
export default function ProposalPage() {
  const c = useCopy(copy);
  const { search } = useLocation();
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  return (
    <div className="container-page pt-28 pb-24 md:pt-36">
      <div className="mx-auto grid max-w-4xl gap-10">
        <header className="grid gap-4">
          <p className="eyebrow">{c.hero.eyebrow}</p>
          <h1 className="font-display text-5xl font-medium md:text-6xl">{c.hero.title}</h1>
          <p className="text-lg text-ink-soft">{c.hero.lead}</p>
        </header>
        {hydrated ? <ProposalWizard copy={c} search={search} /> : <div className="min-h-[36rem]" aria-busy="true" />}
      </div>
    </div>
  );
}
