import { z } from "zod";

/**
 * The admin API's inputs (query strings and bodies) and answers (spec §3 Admin user view, Admin
 * dashboard), shared by the routes and the /admin page.
 */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** Spec §9: admin lists show the first 5 items. */
export const ADMIN_FIRST_ITEMS = 5;
/** DESIGN §3: the user-growth chart covers the last 30 days. */
export const USER_GROWTH_DAYS = 30;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE);
const search = z.string().trim().max(200).default("");

export const adminUsersQuerySchema = z.object({ search, page, pageSize });
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUsersExportQuerySchema = z.object({ search });

export const leadKinds = ["contact", "service_request", "proposal"] as const;
export type LeadKind = (typeof leadKinds)[number];
export const leadStatuses = ["new", "in_progress", "closed"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const adminLeadsQuerySchema = z.object({
  kind: z.enum(leadKinds).optional(),
  status: z.enum(leadStatuses).optional(),
  search,
  page,
  pageSize,
});
export type AdminLeadsQuery = z.output<typeof adminLeadsQuerySchema>;

export const adminLeadParamsSchema = z.strictObject({ kind: z.enum(leadKinds), id: z.string() });
export const adminLeadStatusSchema = z.strictObject({ status: z.enum(leadStatuses) });

/** Spec §3 Admin user view, plus what the table's status badge and actions need. */
export type AdminUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  country: string;
  emailVerified: boolean;
  isAdmin: boolean;
  disabled: boolean;
  createdAt: string;
};

export type AdminUserDetail = AdminUser & {
  lang: "en" | "ar";
  disabledAt: string | null;
  emailVerifiedAt: string | null;
  /** Sessions not yet expired. */
  activeSessions: number;
  lastSeenAt: string | null;
  orders: number;
};

export type ActivityAction = "signup" | "contact" | "service_request" | "proposal" | "order" | "order_paid";

export type AdminDashboard = {
  totalUsers: number;
  totalOrders: number;
  /** Paid orders' totals in halalas (DESIGN D8), shown in SAR. */
  revenue: number;
  currency: "SAR";
  /** Checkouts started and not paid within the checkout expiry (DESIGN §3). */
  abandonedCarts: number;
  /** Paid orders divided by orders started (0 when none started). */
  conversionRate: number;
  paidOrders: number;
  /** Payment alerts not resolved yet (issue 35): money at a provider that no order is paid by. */
  openPaymentAlerts: number;
  topProducts: { id: string; name: string; category: string; price: number; unitsSold: number }[];
  recentUsers: AdminUser[];
  /** Sign-ups per Riyadh day, oldest first, every day of the last 30 (zero days included). */
  userGrowth: { date: string; count: number }[];
  recentActivity: { action: ActivityAction; user: string; timestamp: string; reference: string | null }[];
};

export type AdminLeadSummary = {
  kind: LeadKind;
  id: string;
  reference: string;
  name: string;
  email: string;
  status: LeadStatus;
  createdAt: string;
  /** The start of the message or requirements. */
  preview: string;
};

export type AdminLead =
  | (AdminLeadSummary & {
      kind: "contact" | "service_request";
      message: string;
      firmName: string | null;
      contactNumber: string | null;
      serviceId: number | null;
      lang: "en" | "ar";
    })
  | (AdminLeadSummary & {
      kind: "proposal";
      phone: string;
      company: string | null;
      productInterest: string;
      projectType: string;
      quantity: string;
      budget: string;
      timeline: string;
      customRequirements: string;
      additionalNotes: string | null;
      lang: "en" | "ar";
    });
