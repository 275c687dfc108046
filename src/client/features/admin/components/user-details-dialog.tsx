import { useId } from "react";
import { Modal } from "#client/components/ui/modal.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatDate, formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { useUser } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Badge, Spinner, VerifiedBadge, When } from "./bits.tsx";

/** "View details": the Admin user view (spec §3) with the account's state, sessions and orders. */
export function UserDetailsDialog(props: { id: string; copy: AdminCopy; onClose: () => void }) {
  const { copy } = props;
  const { lang } = useI18n();
  const id = useId();
  const user = useUser(lang, props.id);
  const d = copy.details;
  const data = user.data;

  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} testId="user-details">
      <div className="max-h-[calc(100vh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-sand p-6 shadow-xl">
        <h2 id={`${id}-title`} className="font-display text-2xl font-medium">
          {d.title}
        </h2>
        {user.isPending && <Spinner label={copy.loadingList} className="py-10" />}
        {user.isError && <p className="mt-4 text-red-800">{user.error.message}</p>}
        {data && (
          <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
            <dt className="text-ink-soft">{d.name}</dt>
            <dd>
              <bdi>
                {data.firstName} {data.lastName}
              </bdi>{" "}
              {data.isAdmin && <Badge tone="neutral">{copy.badges.admin}</Badge>}
            </dd>
            <dt className="text-ink-soft">{d.email}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <bdi dir="ltr">{data.email}</bdi> <VerifiedBadge verified={data.emailVerified} copy={copy} />
            </dd>
            <dt className="text-ink-soft">{d.verifiedAt}</dt>
            <dd>{data.emailVerifiedAt ? <When iso={data.emailVerifiedAt} lang={lang} time /> : d.notVerified}</dd>
            <dt className="text-ink-soft">{d.phone}</dt>
            <dd>{data.phone ? <bdi dir="ltr">{data.phone}</bdi> : copy.users.notProvided}</dd>
            <dt className="text-ink-soft">{d.country}</dt>
            <dd>
              <bdi>{data.country}</bdi>
            </dd>
            <dt className="text-ink-soft">{d.language}</dt>
            <dd>{d.languages[data.lang]}</dd>
            <dt className="text-ink-soft">{d.joined}</dt>
            <dd>
              <When iso={data.createdAt} lang={lang} time />
            </dd>
            <dt className="text-ink-soft">{d.status}</dt>
            <dd>
              {data.disabledAt ? (
                <Badge tone="red">
                  {interpolate(d.disabledAt, {
                    date: formatDate(new Date(data.disabledAt), lang, { dateStyle: "medium" }),
                  })}
                </Badge>
              ) : (
                <Badge tone="green">{copy.badges.active}</Badge>
              )}
            </dd>
            <dt className="text-ink-soft">{d.sessions}</dt>
            <dd>{formatNumber(data.activeSessions, lang)}</dd>
            <dt className="text-ink-soft">{d.lastSeen}</dt>
            <dd>{data.lastSeenAt ? <When iso={data.lastSeenAt} lang={lang} time /> : d.never}</dd>
            <dt className="text-ink-soft">{d.orders}</dt>
            <dd>{formatNumber(data.orders, lang)}</dd>
          </dl>
        )}
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-outline" onClick={props.onClose}>
            {d.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
