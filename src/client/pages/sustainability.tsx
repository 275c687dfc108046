import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function SustainabilityPage() {
  return <PendingPage pageId="sustainability" />;
}
