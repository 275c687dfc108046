/**
 * Ends the `below-fold` sections' skipped rendering once the page has settled (see the utility in
 * styles.css): after `load`, once the web fonts are in, in an idle moment. Until then the first
 * screen has layout to itself; after it, skipped content is no longer missing from Chromium's
 * accessibility tree. Find-in-page and copying reach skipped content either way.
 */
export function openBelowFoldWhenSettled(): void {
  const open = () => {
    document.documentElement.dataset.belowFold = "open";
  };
  const whenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(open, { timeout: 2000 });
    else setTimeout(open, 200);
  };
  const afterLoad = () => void document.fonts.ready.then(whenIdle, whenIdle);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
