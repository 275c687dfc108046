import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** The stylesheet the fixture's home page inlines, as the build does. */
export const fixtureStyle = "body{color:#1b1915}";

/**
 * A tiny built site: enough pages and assets to exercise the static plugin without a build. Returns
 * the client directory; `build-info.json` sits beside it, as in `dist/`.
 */
export function createStaticFixture(): string {
  const dist = mkdtempSync(join(tmpdir(), "studio-static-"));
  const root = join(dist, "client");
  writeFileSync(
    join(dist, "build-info.json"),
    JSON.stringify({ fingerprint: "fixture", builtAt: "2026-01-01T00:00:00Z" }),
  );
  const files: Record<string, string> = {
    "index.html": `<!doctype html><html lang="en" dir="ltr"><style>${fixtureStyle}</style><title>Home</title><h1>Home</h1></html>`,
    "ar/index.html": '<!doctype html><html lang="ar" dir="rtl"><title>الرئيسية</title><h1>الرئيسية</h1></html>',
    "products/index.html": '<!doctype html><html lang="en" dir="ltr"><h1>Products</h1></html>',
    "ar/products/index.html": '<!doctype html><html lang="ar" dir="rtl"><h1>المنتجات</h1></html>',
    "404.html": '<!doctype html><html lang="en" dir="ltr"><h1>Page Not Found</h1></html>',
    "ar/404.html": '<!doctype html><html lang="ar" dir="rtl"><h1>الصفحة غير موجودة</h1></html>',
    "assets/index-Ab12Cd34.js": `console.log(${JSON.stringify("x".repeat(2000))});`,
    "favicon.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
