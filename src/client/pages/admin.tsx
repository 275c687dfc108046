import { AdminDashboard } from "#client/features/admin/components/admin-dashboard.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";

// The dashboard's own copy, loaded with this page only (main.tsx fetches it before hydrating).
export const copy = defineLazyCopy({
  en: () => import("#client/features/admin/admin.en.ts"),
  ar: () => import("#client/features/admin/admin.ar.ts"),
});

/** /admin (spec §2 Admin, DESIGN D7): the studio's dashboard, for admins only. */
export default function AdminPage() {
  const c = useCopy(copy);
  return (
    <div className="container-page pt-28 pb-24 md:pt-32">
      <AdminDashboard copy={c} />
    </div>
  );
}
