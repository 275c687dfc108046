import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function AdminPage() {
  return <PendingPage pageId="admin" />;
}
