/**
 * The site's router: path-exact routes, history navigation, links. The site's routes are a fixed
 * list without parameters, and the 90 KB JavaScript budget of `/` cannot carry a general router
 * library (React Router's runtime alone is ~13 KB gzip of it), so this small one keeps React
 * Router's names and behaviour for what the site uses: `BrowserRouter`, `StaticRouter`, `Routes`,
 * `Route`, `Link`, `NavLink`, `useLocation`, `useNavigate`, `useSearchParams`.
 * See docs/decisions/0004-small-router.md.
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";

export type Location = { pathname: string; search: string; hash: string; key: string };
export type NavigateOptions = { replace?: boolean; preventScrollReset?: boolean };
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

type RouterValue = { location: Location; navigate: NavigateFunction };

const RouterContext = createContext<RouterValue | null>(null);
const RoutesLocationContext = createContext<Location | null>(null);

let keyCounter = 0;
const nextKey = () => (++keyCounter).toString(36);

function parseUrl(url: string, key = "default"): Location {
  const parsed = new URL(url, "http://localhost");
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash, key };
}

function windowLocation(): Location {
  const state = window.history.state as { key?: string } | null;
  return {
    ...parseUrl(window.location.pathname + window.location.search + window.location.hash),
    key: state?.key ?? "default",
  };
}

/** The router of the browser: the History API, with page changes rendered as transitions. */
export function BrowserRouter(props: { children: ReactNode }) {
  const [location, setLocation] = useState<Location>(windowLocation);

  useEffect(() => {
    const onPopState = () => startTransition(() => setLocation(windowLocation()));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (typeof to === "number") {
      window.history.go(to);
      return;
    }
    const target = new URL(to, window.location.href);
    if (target.origin !== window.location.origin) {
      window.location.assign(target.href);
      return;
    }
    const key = nextKey();
    const url = target.pathname + target.search + target.hash;
    if (options?.replace) window.history.replaceState({ key }, "", url);
    else window.history.pushState({ key }, "", url);
    // A transition keeps the current page on screen while the next page's chunk loads.
    startTransition(() => setLocation(parseUrl(url, key)));
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{props.children}</RouterContext>;
}

/** The router of the prerender: one fixed URL, no navigation. */
export function StaticRouter(props: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(
    () => ({
      location: parseUrl(props.location),
      navigate: () => {
        throw new Error("navigate() cannot be called while prerendering");
      },
    }),
    [props.location],
  );
  return <RouterContext value={value}>{props.children}</RouterContext>;
}

function useRouter(): RouterValue {
  const router = use(RouterContext);
  if (!router) throw new Error("router hooks must be used inside <BrowserRouter> or <StaticRouter>");
  return router;
}

/** The current location; inside `<Routes location>`, the location those routes were matched with. */
export function useLocation(): Location {
  const routesLocation = use(RoutesLocationContext);
  const { location } = useRouter();
  return routesLocation ?? location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

type RouteProps = { path: string; element: ReactNode };

/** Declares a route for `<Routes>`; it renders nothing by itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function normalize(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** Renders the first `<Route>` whose path equals the pathname exactly; `path="*"` matches anything. */
export function Routes(props: { location?: Location; children: ReactNode }) {
  const router = useRouter();
  const location = props.location ?? router.location;
  const pathname = normalize(location.pathname);
  let element: ReactNode = null;
  Children.forEach(props.children, (child) => {
    if (element !== null || !isValidElement<RouteProps>(child)) return;
    const { path, element: routeElement } = child.props;
    if (path === "*" || normalize(path) === pathname) element = routeElement;
  });
  return <RoutesLocationContext value={location}>{element}</RoutesLocationContext>;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
};

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** An ordinary link that navigates inside the app without reloading when it can. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          !isPlainLeftClick(event) ||
          (target && target !== "_self") ||
          rest.download !== undefined
        )
          return;
        const url = new URL(to, window.location.href);
        if (url.origin !== window.location.origin) return;
        event.preventDefault();
        navigate(url.pathname + url.search + url.hash, { replace });
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on the exact path (otherwise also on paths below it). */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows whether it points at the current page (`aria-current="page"`). */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const target = normalize(new URL(rest.to, "http://localhost").pathname);
  const current = normalize(location.pathname);
  const isActive = current === target || (!end && target !== "/" && current.startsWith(`${target}/`));
  return (
    <Link
      {...rest}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}
