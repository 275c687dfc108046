import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type {
  AdminDashboard,
  AdminLead,
  AdminLeadSummary,
  AdminUser,
  AdminUserDetail,
  LeadKind,
  LeadStatus,
} from "#shared/schemas/admin.ts";
import type { AdminOrderSummary, AdminOrderView, OrderStatusValue } from "#shared/schemas/orders.ts";
import type { CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";
import type {
  AdminPaymentAlert,
  AdminResolvePaymentAlertInput,
  PaymentAlertState,
} from "#shared/schemas/payment-alerts.ts";

/** A page of a list: the JSON array and the total from `X-Total-Count`. */
export type ListPage<T> = { items: T[]; total: number };

const headers = (lang: Lang) => ({ "Accept-Language": lang });

async function getPage<T>(url: string, lang: Lang): Promise<ListPage<T>> {
  const response = await apiRequest("GET", url, undefined, headers(lang));
  return { items: (await response.json()) as T[], total: Number(response.headers.get("X-Total-Count") ?? 0) };
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(key, String(value));
  return search.toString();
};

export const usersExportUrl = (search: string, lang: Lang) => `/api/admin/users/export.csv?${query({ search, lang })}`;

/**
 * The dashboard's data. `enabled` is false until the browser knows an admin is signed in: the page
 * decides signed-out and non-admin visitors from the session state and asks nothing (issue 37);
 * the server's 401/403 still decide when that state is out of date (D7).
 */
export function useDashboard(lang: Lang, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/admin/dashboard", lang],
    queryFn: () => apiJson<AdminDashboard>("GET", "/api/admin/dashboard", undefined, headers(lang)),
    enabled,
  });
}

export function useUsers(lang: Lang, search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ["/api/admin/users", { search, page, pageSize }],
    queryFn: () => getPage<AdminUser>(`/api/admin/users?${query({ search, page, pageSize })}`, lang),
    placeholderData: keepPreviousData,
  });
}

export function useUser(lang: Lang, id: string) {
  return useQuery({
    queryKey: ["/api/admin/users/detail", id],
    queryFn: () =>
      apiJson<{ user: AdminUserDetail }>("GET", `/api/admin/users/${id}`, undefined, headers(lang)).then(
        (body) => body.user,
      ),
  });
}

export function useSetUserDisabled(lang: Lang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; disabled: boolean }) =>
      apiJson<{ user: AdminUser; message: string }>(
        "POST",
        `/api/admin/users/${input.id}/${input.disabled ? "disable" : "enable"}`,
        undefined,
        headers(lang),
      ),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/admin/") }),
  });
}

export type LeadFilters = { kind?: LeadKind; status?: LeadStatus; search: string; page: number; pageSize: number };

export function useLeads(lang: Lang, filters: LeadFilters) {
  return useQuery({
    queryKey: ["/api/admin/leads", filters],
    queryFn: () => getPage<AdminLeadSummary>(`/api/admin/leads?${query(filters)}`, lang),
    placeholderData: keepPreviousData,
  });
}

export function useLead(lang: Lang, kind: LeadKind, id: string) {
  return useQuery({
    queryKey: ["/api/admin/leads/detail", kind, id],
    queryFn: () =>
      apiJson<{ lead: AdminLead }>("GET", `/api/admin/leads/${kind}/${id}`, undefined, headers(lang)).then(
        (body) => body.lead,
      ),
  });
}

export function useUpdateLeadStatus(lang: Lang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: LeadKind; id: string; status: LeadStatus }) =>
      apiJson<{ lead: AdminLead; message: string }>(
        "PATCH",
        `/api/admin/leads/${input.kind}/${input.id}`,
        { status: input.status },
        headers(lang),
      ),
    onSuccess: (body) => {
      client.setQueryData(["/api/admin/leads/detail", body.lead.kind, body.lead.id], body.lead);
      return client.invalidateQueries({ queryKey: ["/api/admin/leads"] });
    },
  });
}

export type OrderFilters = {
  status?: OrderStatusValue;
  method?: CheckoutPaymentMethod;
  q: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
};

/** GET /api/admin/orders: the page and its total in the body (decision 0017). */
export function useOrders(lang: Lang, filters: OrderFilters) {
  return useQuery({
    queryKey: ["/api/admin/orders", filters],
    queryFn: () =>
      apiJson<{ items: AdminOrderSummary[]; total: number }>(
        "GET",
        `/api/admin/orders?${query(filters)}`,
        undefined,
        headers(lang),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(lang: Lang, id: string) {
  return useQuery({
    queryKey: ["/api/admin/orders/detail", id],
    queryFn: () =>
      apiJson<{ order: AdminOrderView }>("GET", `/api/admin/orders/${id}`, undefined, headers(lang)).then(
        (body) => body.order,
      ),
  });
}

/** The admin's actions on an order after payment (issue 35). */
export type OrderAction =
  | { action: "ship"; body: { carrier?: string; trackingNumber?: string } }
  | { action: "deliver" | "cancel" | "sync"; body?: undefined }
  | { action: "refund"; body: { amountHalalas?: number; reason?: string } };

/** What an action answers: the order as it now is, and whether the provider has answered (`pending`: not yet). */
export type OrderActionAnswer = {
  order: AdminOrderView;
  outcome: "done" | "pending" | "failed";
  cancelledInstead?: boolean;
};

/**
 * POST /api/admin/orders/:id/{ship,deliver,cancel,refund,sync}: the order as the server left it
 * replaces the dialog's, and the lists and dashboard are read again.
 */
export function useOrderAction(lang: Lang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & OrderAction) =>
      apiJson<OrderActionAnswer>(
        "POST",
        `/api/admin/orders/${input.id}/${input.action}`,
        input.body ?? {},
        headers(lang),
      ),
    onSuccess: (body) => {
      client.setQueryData(["/api/admin/orders/detail", body.order.id], body.order);
      return client.invalidateQueries({
        predicate: (q) => q.queryKey[0] === "/api/admin/orders" || q.queryKey[0] === "/api/admin/dashboard",
      });
    },
  });
}

/** GET /api/admin/payment-alerts (issue 35): the Inbox's payment alerts, open ones by default. */
export function usePaymentAlerts(lang: Lang, filters: { state: PaymentAlertState; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ["/api/admin/payment-alerts", filters],
    queryFn: () => getPage<AdminPaymentAlert>(`/api/admin/payment-alerts?${query(filters)}`, lang),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/payment-alerts/:id/resolve: the list, the counts and the alert's order are read again. */
export function useResolvePaymentAlert(lang: Lang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number } & AdminResolvePaymentAlertInput) =>
      apiJson<{ alert: AdminPaymentAlert; message: string }>(
        "POST",
        `/api/admin/payment-alerts/${input.id}/resolve`,
        { note: input.note },
        headers(lang),
      ),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === "/api/admin/payment-alerts" ||
          q.queryKey[0] === "/api/admin/dashboard" ||
          q.queryKey[0] === "/api/admin/orders/detail",
      }),
  });
}
