/**
 * The only script a prerendered page names (scripts/prerender.ts writes it in as
 * `<script type="module" src="/assets/boot-….js" data-entry data-stylesheet data-preload>`). The
 * page is already complete HTML, styled by the rules its markup uses (inlined by the build), so the
 * app's JavaScript waits until the browser reports the first contentful paint: until then the
 * fonts and the first screen's images have the connection to themselves, and on HTTP/1.1 they no
 * longer queue behind a dozen module requests. Then it adds the rest of the stylesheet (for what
 * hydration, dialogs and other pages bring), preloads the page's modules a few per task and
 * imports the entry, which hydrates.
 */
const boot = document.querySelector<HTMLScriptElement>("script[data-entry]");

// A remembered signed-in visitor sees their initial in the header from the first frames, not the
// prerendered (signed-out) icon until hydration (styles.css; the store is lib/auth-store.ts).
try {
  const stored = JSON.parse(localStorage.getItem("auth-storage") ?? "null") as {
    isAuthenticated?: unknown;
    user?: { firstName?: unknown };
  } | null;
  const first = stored?.isAuthenticated === true ? stored.user?.firstName : undefined;
  const initial = typeof first === "string" ? [...first.trim()][0] : undefined;
  if (initial) {
    const root = document.documentElement;
    root.style.setProperty("--account-initial", JSON.stringify(initial.toLocaleUpperCase(root.lang)));
    root.dataset.accountInitial = "";
  }
} catch {
  // Storage blocked or unreadable: the page shows the sign-in icon until hydration.
}

/**
 * Lets the browser run what is waiting (input, a frame) before the next step; not in a background
 * tab, where timers wait up to a second.
 */
const nextTask = () => new Promise<void>((resolve) => (document.hidden ? resolve() : setTimeout(resolve)));

async function start(): Promise<void> {
  if (!boot?.dataset.entry) return;
  if (boot.dataset.stylesheet) {
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = boot.dataset.stylesheet;
    document.head.append(sheet);
  }
  // A few preloads per task: appending a page's twenty in one task cost 20-100 ms of the main
  // thread on a desktop (each starts its fetch synchronously), a long task on a phone.
  const preloads = (boot.dataset.preload ?? "").split(" ").filter(Boolean);
  for (let i = 0; i < preloads.length; i += 4) {
    await nextTask();
    for (const href of preloads.slice(i, i + 4)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
  }
  await import(/* @vite-ignore */ boot.dataset.entry);
}

/**
 * Runs `then` once the first contentful paint has been presented. An animation frame is not
 * enough: its callbacks run before the frame is painted, and on a slow device the paint is
 * presented a hundred milliseconds or more later, while the modules would already be loading.
 * Without the Paint Timing API, after the next frame; at the latest after 3 s.
 */
function afterFirstPaint(then: () => void): void {
  let go = () => {
    go = () => {};
    setTimeout(then);
  };
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (painted() || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => go());
    return;
  }
  new PerformanceObserver((_, observer) => {
    if (!painted()) return;
    observer.disconnect();
    go();
  }).observe({ type: "paint", buffered: true });
  setTimeout(() => go(), 3000);
}

// A page opened in a background tab paints nothing and runs no animation frames: start at once.
if (document.hidden) void start();
else afterFirstPaint(() => void start());
