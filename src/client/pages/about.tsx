import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function AboutPage() {
  return <PendingPage pageId="about" />;
}
