import { PendingPage } from "#client/components/layout/pending-page.tsx";

export default function ProductsPage() {
  return <PendingPage pageId="products" />;
}
