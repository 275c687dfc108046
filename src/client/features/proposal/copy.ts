import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./proposal.en.ts";

/** The proposal page's copy in the page's language (loaded by the page: pages/proposal.tsx). */
export type ProposalCopy = Catalog<typeof en>;
