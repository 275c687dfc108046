import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { initialOf, type AuthUser } from "#client/lib/auth-store.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { Link, useNavigate } from "#client/lib/router.tsx";
import { checkSession, signOut } from "#client/lib/session.ts";

// The menu's own words, in this chunk (loaded only for a signed-in visitor), not in the frame.
const words = {
  en: {
    signedInAs: "Signed in as {name}",
    adminDashboard: "Admin Dashboard",
    myAccount: "My Account",
    signOut: "Sign Out",
    signOutFailed: "We could not sign you out. Check your connection and try again.",
  },
  ar: {
    signedInAs: "مسجَّل الدخول باسم {name}",
    adminDashboard: "لوحة الإدارة",
    myAccount: "حسابي",
    signOut: "تسجيل الخروج",
    signOutFailed: "تعذّر تسجيل خروجك. تحقّق من اتصالك وحاول مرة أخرى.",
  },
} as const;

type Focus = "first" | "last";

/**
 * Signed in: the account button shows the initial (spec §2) and opens the account menu (a
 * WAI-ARIA menu button). It opens by click or by keyboard (Enter, Space, arrow keys) and gives
 * focus back to the button when closed by Escape. `openAtStart`: the visitor clicked the initial
 * while this chunk was still on its way (header.tsx), so the menu opens as it arrives.
 */
export default function AccountMenuButton({ user, openAtStart = false }: { user: AuthUser; openAtStart?: boolean }) {
  const { lang } = useI18n();
  const [open, setOpen] = useState<Focus | null>(openAtStart ? "first" : null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = `${user.firstName} ${user.lastName}`;

  // App start (spec §4): this chunk loads only when someone is remembered, so it runs the check.
  useEffect(() => void checkSession(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? "first" : "last");
    }
  };
  const close = (returnFocus: boolean) => {
    setOpen(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        id={`${menuId}-button`}
        // Who is signed in, for those who cannot see the initial (the menu repeats it).
        aria-label={interpolate(words[lang].signedInAs, { name })}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        data-testid="account-button"
        data-signed-in="true"
        onClick={() => setOpen((current) => (current ? null : "first"))}
        onKeyDown={onKeyDown}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-current bg-ink font-medium text-sand"
      >
        <span aria-hidden="true">{initialOf(user, lang)}</span>
      </button>
      {open ? <AccountMenu id={menuId} user={user} initialFocus={open} buttonRef={buttonRef} onClose={close} /> : null}
    </div>
  );
}

/**
 * The account menu (spec §1 header, §2): the full name and e-mail, then "Admin Dashboard" (admins
 * only), "My Account" and "Sign Out" as menu items. The name labels the menu and the e-mail
 * describes it, so a screen reader announces whose menu it is, not only its items (issue 37).
 * Arrow keys move between the items (wrapping), Home and End jump, Escape closes and gives focus
 * back to the button wherever the focus is (after a click on the name, it is on the page), Tab
 * closes and moves on; a click or tap outside closes it.
 */
function AccountMenu(props: {
  id: string;
  user: AuthUser;
  initialFocus: Focus;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClose: (returnFocus: boolean) => void;
}) {
  const { id, user, initialFocus, buttonRef, onClose } = props;
  const { lang } = useI18n();
  const w = words[lang];
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const headId = useId();

  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    const list = items();
    (initialFocus === "first" ? list[0] : list.at(-1))?.focus();
  }, [initialFocus]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (ref.current?.contains(target) || buttonRef.current?.contains(target)) return;
      onClose(false);
    };
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onClose(true);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onEscape);
    };
  }, [buttonRef, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Tab") onClose(false);
  };

  const onSignOut = async () => {
    try {
      await signOut();
    } catch {
      toast({ variant: "destructive", title: w.signOutFailed });
      return;
    }
    onClose(false);
    navigate(to("/"));
  };

  const item =
    "flex w-full items-center rounded-lg px-3 py-2 text-start text-sm text-ink outline-none hover:bg-sand focus-visible:bg-sand focus-visible:ring-2 focus-visible:ring-accent/40";

  return (
    <div
      ref={ref}
      data-testid="account-menu"
      className="absolute end-0 top-full z-50 mt-2 w-64 rounded-2xl border border-sand-deep bg-white p-2 shadow-xl"
      onKeyDown={onKeyDown}
    >
      <div className="border-b border-sand-deep px-3 pt-2 pb-3">
        <p id={`${headId}-name`} className="truncate font-medium text-ink" data-testid="account-menu-name">
          <bdi>
            {user.firstName} {user.lastName}
          </bdi>
        </p>
        <p id={`${headId}-email`} className="truncate text-sm text-ink-soft" data-testid="account-menu-email">
          <bdi dir="ltr">{user.email}</bdi>
        </p>
      </div>
      <div
        role="menu"
        id={id}
        aria-labelledby={`${headId}-name`}
        aria-describedby={`${headId}-email`}
        className="grid gap-0.5 pt-2"
      >
        {user.isAdmin ? (
          <Link to={to("/admin")} role="menuitem" tabIndex={-1} className={item} onClick={() => onClose(false)}>
            {w.adminDashboard}
          </Link>
        ) : null}
        <Link to={to("/account")} role="menuitem" tabIndex={-1} className={item} onClick={() => onClose(false)}>
          {w.myAccount}
        </Link>
        <button type="button" role="menuitem" tabIndex={-1} className={item} onClick={() => void onSignOut()}>
          {w.signOut}
        </button>
      </div>
    </div>
  );
}
