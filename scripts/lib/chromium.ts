/**
 * The system's Chromium (Debian package `chromium`; Playwright cannot download browsers here) and
 * the flags every headless run of it uses: the browser tests, the benchmarks, Lighthouse and the
 * font model's evaluation data. CHROME_PATH or CHROMIUM_PATH picks another binary.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
