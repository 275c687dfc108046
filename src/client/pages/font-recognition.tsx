import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function FontRecognitionPage() {
  return <PendingPage pageId="fontRecognition" />;
}
