import { useId, useState } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { AdminUser } from "#shared/schemas/admin.ts";
import { useSetUserDisabled, useUsers, usersExportUrl } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Badge, Pagination, Spinner, useDebounced, VerifiedBadge, When } from "./bits.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { UserDetailsDialog } from "./user-details-dialog.tsx";

const PAGE_SIZE = 20;

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
          <div className="grid gap-1">
            <label htmlFor={searchId} className="text-sm font-medium">
              {c.search}
            </label>
            <input
              id={searchId}
              type="search"
              value={input}
              placeholder={c.searchPlaceholder}
              onChange={(event) => {
                setInput(event.target.value);
                setPage(1);
              }}
              className="min-h-11 w-72 max-w-full rounded-full border border-sand-deep bg-white px-4"
            />
          </div>
          <a href={usersExportUrl(search, lang)} download className="btn-accent">
            {c.export}
          </a>
        </div>
      </div>

      {users.isPending ? (
        <Spinner label={copy.loadingList} className="py-16" />
      ) : users.isError ? (
        <p className="text-red-800">{users.error.message}</p>
      ) : users.data.items.length === 0 ? (
        <p className="rounded-2xl border border-sand-deep bg-white/70 p-6 text-ink-soft">{c.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-sand-deep bg-white/70">
          <table className="w-full min-w-[48rem] text-start text-sm">
            <thead className="bg-sand text-ink-soft">
              <tr>
                {(["user", "phone", "country", "status", "joined", "actions"] as const).map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 text-start font-medium">
                    {c.columns[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-deep">
              {users.data.items.map((user) => (
                <tr key={user.id} data-testid="user-row">
                  <td className="px-4 py-3">
                    <span className="grid">
                      <bdi className="font-medium">{fullName(user)}</bdi>
                      <span className="text-ink-soft">
                        <bdi dir="ltr">{user.email}</bdi>
                      </span>
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    {user.phone ? (
                      <bdi dir="ltr">{user.phone}</bdi>
                    ) : (
                      <span className="text-ink-soft">{c.notProvided}</span>
                    )}
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
                      <IconButton
                        label={interpolate(c.view, { name: fullName(user) })}
                        onClick={() => setViewing(user.id)}
                      >
                        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
                        <circle cx="12" cy="12" r="3" />
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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

function IconButton(props: { label: string; onClick: () => void; danger?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-full border border-sand-deep bg-white transition-colors hover:bg-sand ${
        props.danger ? "text-red-800" : "text-ink"
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {props.children}
      </svg>
    </button>
  );
}
