import { join } from "node:path";
import type { FastifyPluginAsync } from "fastify";
import accountRoutes from "./account/index.ts";
import adminRoutes from "./admin/index.ts";
import analyzeFontRoutes from "./analyze-font/index.ts";
import { accountGuards, type AccountLimits } from "./auth/guards.ts";
import authRoutes from "./auth/index.ts";
import type { AccountMailSettings } from "#server/modules/accounts/account-settings.ts";
import fontRoutes from "./fonts/index.ts";
import imageRoutes from "./image/index.ts";
import leadRoutes, { type LeadRouteOptions } from "./leads/index.ts";
import { registerNotFound } from "./not-found.ts";
import invoiceRoutes, { type DocumentRouteOptions } from "./orders/invoice.ts";
import orderRoutes, { type OrderRouteOptions } from "./orders/index.ts";
import paymentRoutes, { type PaymentRouteOptions } from "./payment/index.ts";
import productRoutes from "./products/index.ts";

export type ApiOptions = {
  mediaDir: string;
  staticDir: string;
  leads: LeadRouteOptions;
  accounts: { mail: AccountMailSettings; limits: AccountLimits };
  payment: PaymentRouteOptions;
  orders: OrderRouteOptions;
  documents: DocumentRouteOptions;
};

/**
 * The whole API, registered under the one `/api` prefix: route folders parse, call a use case
 * from src/server/modules and reply; errors, languages and validation come from the app's
 * plugins. `/api/admin` is its own guarded subtree. Unknown API paths are a JSON 404 whose body
 * is never parsed.
 */
const apiRoutes: FastifyPluginAsync<ApiOptions> = async (api, options) => {
  await api.register(productRoutes);
  await api.register(imageRoutes, { mediaDir: options.mediaDir, variantsDir: join(options.staticDir, "..", "media") });
  await api.register(analyzeFontRoutes);
  await api.register(fontRoutes);
  await api.register(leadRoutes, options.leads);
  const guards = accountGuards(api, options.accounts.limits);
  await api.register(authRoutes, { prefix: "/auth", ...options.accounts, guards });
  await api.register(accountRoutes, { prefix: "/account", guards });
  await api.register(paymentRoutes, { prefix: "/payment", ...options.payment });
  await api.register(orderRoutes, { prefix: "/orders", ...options.orders });
  await api.register(adminRoutes, { prefix: "/admin" });
  await api.register(invoiceRoutes, options.documents);
  registerNotFound(api);
};

export default apiRoutes;
