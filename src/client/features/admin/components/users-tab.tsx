import { useId, useState } from "react";
import { FilterField, filterControl } from "#client/components/ui/filter-select.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { AdminUser } from "#shared/schemas/admin.ts";
import { useSetUserDisabled, useUsers, usersExportUrl } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Badge, Pagination, useDebounced, VerifiedBadge, When } from "./bits.tsx";
import { DataTable, IconButton, ViewIcon } from "./data-table.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { UserDetailsDialog } from "./user-details-dialog.tsx";

const PAGE_SIZE = 20;
const columns = ["user", "phone", "country", "status", "joined", "actions"] as const;

/** Users (spec §2 Admin, DESIGN §3): search, export, the table with its two actions, pages. */
export function UsersTab(props: { copy: AdminCopy }) {
  const { copy } = props;
  const { lang } = useI18n();
  const searchId = useId();
  const [input, setInput] = useState("");
  const search = useDebounced(input.trim());
  const [page, setPage] = useState(1);
  const users = useUsers(lang, search, page, PAGE_SIZE);
  const [viewing, setViewing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const setDisabled = useSetUserDisabled(lang);
  const c = copy.users;
  const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`;

  const confirm = () => {
    if (!confirming) return;
    setDisabled.mutate(
      { id: confirming.id, disabled: !confirming.disabled },
      {
        onSuccess: (body) => {
          toast({ title: copy.toasts.updated, description: body.message });
          setConfirming(null);
        },
        onError: (error) =>
          toast({
            title: copy.confirm.failed,
            description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <section aria-labelledby="admin-users-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="admin-users-title" className="font-display text-3xl font-medium">
            {c.title}
          </h2>
          {users.data && (
            <p className="text-sm text-ink-soft" aria-live="polite">
              {interpolate(c.count, { count: formatNumber(users.data.total, lang) })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <FilterField id={searchId} label={c.search}>
            <input
              id={searchId}
              type="search"
              value={input}
              placeholder={c.searchPlaceholder}
              onChange={(event) => {
                setInput(event.target.value);
                setPage(1);
              }}
              className={`${filterControl} w-72 max-w-full`}
            />
          </FilterField>
          <a href={usersExportUrl(search, lang)} download className="btn-accent">
            {c.export}
          </a>
        </div>
      </div>

      <DataTable
        query={users}
        columns={columns}
        labels={c.columns}
        rowKey={(user) => user.id}
        rowTestId="user-row"
        loading={copy.loadingList}
        empty={c.empty}
        row={(user) => (
          <>
            <td className="px-4 py-3">
              <span className="grid">
                <bdi className="font-medium">{fullName(user)}</bdi>
                <span className="text-ink-soft">
                  <bdi dir="ltr">{user.email}</bdi>
                </span>
              </span>
            </td>
            <td className="px-4 py-3">
              {user.phone ? <bdi dir="ltr">{user.phone}</bdi> : <span className="text-ink-soft">{c.notProvided}</span>}
            </td>
            <td className="px-4 py-3">
              <bdi>{user.country}</bdi>
            </td>
            <td className="px-4 py-3">
              <span className="flex flex-wrap gap-1.5">
                {user.disabled ? (
                  <Badge tone="red">{copy.badges.disabled}</Badge>
                ) : (
                  <Badge tone="green">{copy.badges.active}</Badge>
                )}
                <VerifiedBadge verified={user.emailVerified} copy={copy} />
                {user.isAdmin && <Badge tone="neutral">{copy.badges.admin}</Badge>}
              </span>
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              <When iso={user.createdAt} lang={lang} />
            </td>
            <td className="px-4 py-3">
              <span className="flex gap-2">
                <IconButton label={interpolate(c.view, { name: fullName(user) })} onClick={() => setViewing(user.id)}>
                  <ViewIcon />
                </IconButton>
                <IconButton
                  label={interpolate(user.disabled ? c.enable : c.disable, { name: fullName(user) })}
                  onClick={() => setConfirming(user)}
                  danger={!user.disabled}
                >
                  {user.disabled ? (
                    <path d="M20 6 9 17l-5-5" />
                  ) : (
                    <>
                      <circle cx="12" cy="12" r="9" />
                      <path d="m5.7 5.7 12.6 12.6" />
                    </>
                  )}
                </IconButton>
              </span>
            </td>
          </>
        )}
      />
      {users.data && (
        <Pagination
          page={page}
          total={users.data.total}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          copy={copy}
          lang={lang}
        />
      )}

      {viewing && <UserDetailsDialog id={viewing} copy={copy} onClose={() => setViewing(null)} />}
      {confirming && (
        <ConfirmDialog
          title={confirming.disabled ? copy.confirm.enableTitle : copy.confirm.disableTitle}
          body={interpolate(confirming.disabled ? copy.confirm.enableBody : copy.confirm.disableBody, {
            name: fullName(confirming),
          })}
          confirm={confirming.disabled ? copy.confirm.enableAction : copy.confirm.disableAction}
          cancel={copy.confirm.cancel}
          destructive={!confirming.disabled}
          pending={setDisabled.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
