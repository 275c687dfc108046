import { ConfigError, loadPublicConfig } from "#server/config.ts";
import type { PublicConfig } from "#shared/site-config.ts";

/**
 * The build-time studio details, parsed by the server's own config module (one parse for both),
 * or the process ends with the same one-line-per-variable message the server prints.
 */
export function readPublicConfig(env: NodeJS.ProcessEnv): PublicConfig {
  try {
    return loadPublicConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
