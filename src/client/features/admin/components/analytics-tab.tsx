import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber, formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { AdminDashboard } from "#shared/schemas/admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Panel } from "./bits.tsx";
import { GrowthChart } from "./growth-chart.tsx";

/** Analytics (spec §2 Admin, DESIGN §3): sign-ups per day over 30 days and the top products. */
export function AnalyticsTab(props: { copy: AdminCopy; data: AdminDashboard }) {
  const { copy, data } = props;
  const { lang } = useI18n();
  const a = copy.analytics;
  const total = data.userGrowth.reduce((sum, day) => sum + day.count, 0);
  return (
    <div className="grid gap-6">
      <Panel
        title={a.growthTitle}
        id="admin-growth"
        aside={
          <p className="text-sm text-ink-soft">{interpolate(a.growthTotal, { count: formatNumber(total, lang) })}</p>
        }
      >
        <p className="mb-4 text-sm text-ink-soft">{a.growthLead}</p>
        <GrowthChart copy={copy} data={data.userGrowth} />
      </Panel>
      <Panel title={a.topProducts} id="admin-top-products">
        <p className="mb-4 text-sm text-ink-soft">{a.topProductsLead}</p>
        {data.topProducts.length === 0 ? (
          <p className="text-ink-soft">{a.noProducts}</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-ink-soft">
              <tr>
                <th scope="col" className="py-2 text-start font-medium">
                  {a.product}
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  {a.category}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {a.price}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {a.sold}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-deep">
              {data.topProducts.map((product) => (
                <tr key={product.id}>
                  <th scope="row" className="py-3 text-start font-medium">
                    {product.name}
                  </th>
                  <td className="py-3">{product.category}</td>
                  <td className="py-3 text-end whitespace-nowrap">
                    <bdi>{formatPrice(product.price, lang)}</bdi>
                  </td>
                  <td className="py-3 text-end">{formatNumber(product.unitsSold, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}
