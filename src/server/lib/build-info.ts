import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** What `npm run build` records next to the client build (`dist/build-info.json`). */
export type BuildInfo = {
  /** Hash of the build's inputs; `npm start` rebuilds when it differs. */
  fingerprint: string;
  builtAt: string;
};

/** The build info of the client build in `staticDir`, or nothing when the site is not built. */
export function readBuildInfo(staticDir: string): Partial<BuildInfo> {
  try {
    return JSON.parse(readFileSync(join(dirname(staticDir), "build-info.json"), "utf8")) as Partial<BuildInfo>;
  } catch {
    return {};
  }
}
