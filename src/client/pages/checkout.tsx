import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function CheckoutPage() {
  return <PendingPage pageId="checkout" />;
}
