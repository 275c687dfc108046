import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/database.ts";
import type { InvoiceConfig } from "#server/modules/invoices/invoice-config.ts";
import type { StudioContact } from "#server/modules/leads/lead-emails.ts";
import type { GatewayRegistry } from "./gateway-registry.ts";

/** What the order service needs, built once by plugins/payments.ts and passed to every use case. */
export type PaymentsContext = {
  db: Db;
  gateways: GatewayRegistry;
  log: FastifyBaseLogger;
  /** SITE_URL without a trailing slash: return URLs, webhook URLs and the links in e-mails. */
  siteUrl: string;
  invoice: InvoiceConfig;
  /** Where the studio's copy of a paid order goes, and what the e-mails show. */
  mail: { notify: string; studio: StudioContact };
  /** Called after a commit that enqueued e-mails (nudges the outbox worker). */
  onEmailsQueued: () => void;
  /**
   * A product's names from the catalog in memory (the products' cache), for the e-mails of a paid
   * order; undefined for a product the catalog no longer lists (then read from the database).
   */
  productNames: (id: string) => Promise<{ name: string; nameAr: string } | undefined>;
};
