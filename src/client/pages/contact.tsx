import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function ContactPage() {
  return <PendingPage pageId="contact" />;
}
