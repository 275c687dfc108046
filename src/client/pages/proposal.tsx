import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function ProposalPage() {
  return <PendingPage pageId="proposal" />;
}
