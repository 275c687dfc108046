import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "./lib/router.tsx";
import { App, pageIdFor } from "./app.tsx";
import { loadMessages } from "./i18n/i18n.tsx";
import { seedMessages } from "./i18n/messages-cache.ts";
import { logArabicFontLoad } from "./lib/arabic-font.ts";
import { pageLoaders } from "./pages/registry.ts";
import { splitLangPath } from "#shared/lang.ts";
import "./styles.css";

const { lang, path } = splitLangPath(window.location.pathname);
// The catalog and the page's chunk are fetched before hydrating, so the first client render
// matches the prerendered HTML exactly.
const [messages] = await Promise.all([
  loadMessages(lang),
  pageLoaders[pageIdFor(path)]().then((page) => page.copy?.load(lang)),
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
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

logArabicFontLoad();
