import { publicConfigSchema, type PublicConfig } from "#shared/site-config.ts";

/** Reads the build-time studio details, failing with one readable line per bad variable. */
export function readPublicConfig(env: NodeJS.ProcessEnv): PublicConfig {
  const parsed = publicConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  console.error(`Invalid configuration:\n${lines.join("\n")}`);
  process.exit(1);
}
