import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A tiny built site: enough pages and assets to exercise the static plugin without a build. */
export function createStaticFixture(): string {
  const root = mkdtempSync(join(tmpdir(), "studio-static-"));
  const files: Record<string, string> = {
    "index.html": '<!doctype html><html lang="en" dir="ltr"><title>Home</title><h1>Home</h1></html>',
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
