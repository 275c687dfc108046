import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function ServicesPage() {
  return <PendingPage pageId="services" />;
}
