import type { Db } from "#server/db/database.ts";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import type { AdminUser } from "#shared/schemas/admin.ts";
import { listAllUsers } from "#server/modules/accounts/list-users.ts";

type Translate = (key: MessageKey) => string;

/** Excel needs the byte-order mark to read UTF-8, or Arabic names turn into mojibake. */
const BOM = "\uFEFF";

/**
 * GET /api/admin/users/export.csv: the filtered user list as RFC 4180 CSV (CRLF, every field
 * quoted), headers and yes/no words in the admin's language. A value a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is prefixed with `'` (OWASP's CSV
 * injection advice), so a name like `=HYPERLINK(…)` is shown as text.
 */
export async function exportUsersCsv(db: Db, search: string, t: Translate): Promise<string> {
  return usersCsv(await listAllUsers(db, search), t);
}

export function usersCsv(users: AdminUser[], t: Translate): string {
  const header = [
    t("admin.csv.firstName"),
    t("admin.csv.lastName"),
    t("admin.csv.email"),
    t("admin.csv.phone"),
    t("admin.csv.country"),
    t("admin.csv.verified"),
    t("admin.csv.status"),
    t("admin.csv.role"),
    t("admin.csv.joined"),
  ];
  const rows = users.map((user) => [
    user.firstName,
    user.lastName,
    user.email,
    user.phone ?? "",
    user.country,
    user.emailVerified ? t("admin.csv.yes") : t("admin.csv.no"),
    user.disabled ? t("admin.csv.disabled") : t("admin.csv.active"),
    user.isAdmin ? t("admin.csv.admin") : t("admin.csv.customer"),
    user.createdAt.slice(0, 10),
  ]);
  return BOM + [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
