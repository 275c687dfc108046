import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import { openSetCalibrationGroup, openSetMeasureGroup } from "./held-out-fonts.ts";
import { families as sourceFamilies } from "./library-source.ts";
import { OTHER_BUILDS, OTHER_BUILD_PACKAGES, installedOtherBuild, variantKey } from "./other-builds.ts";

const root = path.resolve(import.meta.dirname, "../..");
const { families } = JSON.parse(readFileSync(path.join(root, "models/font-recognition/library.json"), "utf8")) as {
  families: LibraryFamily[];
};
const byId = new Map(families.map((f) => [f.id, f]));

const hasFcQuery = (() => {
  try {
    execFileSync("fc-query", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("other builds of library families", () => {
  it("maps only library families and variants the library has, never a held-out family", () => {
    const heldOut = new Set([...openSetCalibrationGroup, ...openSetMeasureGroup].map((h) => h.id));
    const sources = new Set(sourceFamilies.map((f) => f.id));
    for (const [id, build] of Object.entries(OTHER_BUILDS)) {
      // Every mapped family is in the library's sources; its variants can be checked once the
      // committed library.json (the committed model's families) holds it.
      expect(sources.has(id), id).toBe(true);
      expect(heldOut.has(id), id).toBe(false);
      const family = byId.get(id);
      if (!family) continue;
      const keys = new Set(family.variants.map(variantKey));
      for (const key of Object.keys(build.variants)) expect(keys.has(key), `${id} ${key}`).toBe(true);
      for (const v of Object.values(build.variants)) {
        expect(v.file.startsWith("/usr/share/fonts/"), v.file).toBe(true);
        expect(v.package.startsWith("fonts-"), v.package).toBe(true);
      }
    }
  });

  it("maps none of the families whose library files already are Debian's", () => {
    for (const id of Object.keys(OTHER_BUILDS))
      expect(sourceFamilies.find((f) => f.id === id)?.source, id).toHaveProperty("npm");
  });

  it("lists every package once, and the README's install line has them all", () => {
    expect(OTHER_BUILD_PACKAGES).toEqual([...new Set(OTHER_BUILD_PACKAGES)].sort());
    const readme = readFileSync(path.join(root, "ml/font-recognition/README.md"), "utf8");
    // The other builds' own line (the independent sets' install line, further up, names more packages).
    const line = readme.split("\n").find((l) => l.includes("apt-get install -y python3-pil fonts-"));
    expect(line?.trim().split(/\s+/).slice(4)).toEqual(OTHER_BUILD_PACKAGES);
  });

  it("offers only the variants whose files exist, and nothing for an unmapped family", () => {
    expect(installedOtherBuild("ukij-sulus-tom", byId.get("ukij-sulus-tom")!.variants)).toEqual([]);
    const amiri = installedOtherBuild("amiri", byId.get("amiri")!.variants);
    for (const a of amiri) expect(existsSync(a.file)).toBe(true);
  });

  // Where the packages are installed: each file's name table names the family.
  it.skipIf(!hasFcQuery)("installed files carry the family's name", () => {
    for (const [id, build] of Object.entries(OTHER_BUILDS))
      for (const v of Object.values(build.variants)) {
        if (!existsSync(v.file)) continue;
        const names = execFileSync("fc-query", ["--format=%{family}\n", v.file]).toString().split(/[,\n]/);
        const family = build.nameTableFamily ?? sourceFamilies.find((f) => f.id === id)!.name;
        // Legacy naming puts a weight in the family ("Quicksand Light"); no other word may follow.
        const weightWord = / (Thin|Hairline|Extra ?Light|Light|Medium|Semi ?Bold|Extra ?Bold|Black)$/i;
        expect(
          names.some((n) => n.replace(weightWord, "") === family),
          `${v.file}: ${names.join(", ")}`,
        ).toBe(true);
      }
  });
});
