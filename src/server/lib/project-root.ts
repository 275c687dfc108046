import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/**
 * The checkout's root (the folder with package.json), found from this module's location. It holds
 * what the server reads at run time (migrations/, models/, media/) and is the same whether the
 * server runs from its TypeScript sources or from the bundle in dist/server.
 */
export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

export const projectPath = (...segments: string[]): string => join(projectRoot, ...segments);
