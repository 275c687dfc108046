import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function AuthPage() {
  return <PendingPage pageId="auth" />;
}
