import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "./lib/router.tsx";
import { App } from "./app.tsx";
import { loadMessages } from "./i18n/i18n.tsx";
import { seedMessages } from "./i18n/messages-cache.ts";
import { logArabicFontLoad } from "./lib/arabic-font.ts";
import { openBelowFoldWhenSettled } from "./lib/below-fold.ts";
import { loadQueryRoot } from "./lib/query-boundary.tsx";
import { markHydrationStart } from "./lib/hydration.ts";
import { pageLoaders } from "./pages/registry.ts";
import { splitLangPath } from "#shared/lang.ts";
import { pageForPath } from "#shared/routes.ts";
import "./styles.css";

const { lang, path } = splitLangPath(window.location.pathname);
const page = pageForPath(path);
// The catalog, the page's chunk (and the query client, if the page uses one) are fetched before
// hydrating, so the first client render matches the prerendered HTML exactly.
const [messages] = await Promise.all([
  loadMessages(lang),
  pageLoaders[page.id]().then((module) => module.copy?.load(lang)),
  page.query ? loadQueryRoot() : null,
]);
seedMessages(lang, messages);

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from the page");
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
if (container.firstElementChild) {
  markHydrationStart();
  hydrateRoot(container, app);
} else createRoot(container).render(app);

logArabicFontLoad();
openBelowFoldWhenSettled();
