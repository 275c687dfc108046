/**
 * The production package (issue 36), checked with what runs on this machine, since no container
 * engine does: the Dockerfile linted by dockerfile-utils (the validator of VS Code's Docker
 * support) and held to the package's rules; deploy/compose.yaml validated against the Compose
 * Specification's JSON schema (vendored in deploy/schema/, source below) and the topology's
 * rules; deploy/haproxy.cfg checked by `haproxy -c` (Debian's haproxy; in CI it must be there).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv } from "ajv";
import { validate as lintDockerfile } from "dockerfile-utils";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";

/** https://github.com/compose-spec/compose-spec/blob/170098ba07d9f53c383a41bfd4c5166b0a4529a6/schema/compose-spec.json */
const composeSchemaFile = "deploy/schema/compose-spec.json";
const run = promisify(execFile);
const inCi = process.env.CI === "true";

type Instruction = { keyword: string; args: string; line: number };
type Stage = { name: string; image: string; instructions: Instruction[] };

/** The Dockerfile as stages of instructions (continuation lines joined, comments dropped). */
function dockerfileStages(text: string): { args: Record<string, string>; stages: Stage[] } {
  const instructions: Instruction[] = [];
  let pending = "";
  let start = 0;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!pending && (line === "" || line.startsWith("#"))) return;
    if (pending && line.startsWith("#")) return;
    if (!pending) start = index + 1;
    pending += `${line.replace(/\\$/, "").trim()} `;
    if (line.endsWith("\\")) return;
    const [keyword = "", ...rest] = pending.trim().split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(" "), line: start });
    pending = "";
  });
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const [image = "", , name = `stage${stages.length}`] = instruction.args.split(/\s+/);
      const resolved = image.replace(/\$\{(\w+)\}/g, (_, variable: string) => args[variable] ?? "");
      stages.push({ name, image: resolved, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === "ARG") {
      const [name = "", value = ""] = instruction.args.split("=");
      args[name] = value;
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return { args, stages };
}

const dockerfile = readFileSync("Dockerfile", "utf8");
const { stages } = dockerfileStages(dockerfile);
const runtime = stages.at(-1)!;
const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
/** A stage and the stages it is built on (`FROM base AS build`), nearest first. */
function lineage(stage: Stage): Stage[] {
  const parent = stages.find((other) => other.name === stage.image);
  return parent ? [stage, ...lineage(parent)] : [stage];
}

describe("Dockerfile", () => {
  it("passes the linter without an error or a warning", () => {
    const problems = lintDockerfile(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
    expect(problems).toEqual([]);
  });

  it("builds in one stage (npm ci, npm run build) and runs from another, on pinned Node images", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(lineage(stage).at(-1)!.image).toMatch(/^node:\d+[\w.-]*$/);
    const build = stages.find((stage) => of(stage, "RUN").some((i) => /\bnpm run build\b/.test(i.args)));
    expect(build, "a stage runs npm run build").toBeDefined();
    expect(of(build!, "RUN").some((i) => /\bnpm ci\b/.test(i.args))).toBe(true);
    expect(of(runtime, "RUN").some((i) => /\bnpm (ci|install|run)\b/.test(i.args))).toBe(false);
  });

  it("installs without onnxruntime-node's CUDA download (the image's npm does not read allowScripts)", () => {
    for (const stage of stages.filter((s) => of(s, "RUN").some((i) => /\bnpm ci\b/.test(i.args)))) {
      const env = lineage(stage).flatMap((s) => of(s, "ENV").map((i) => i.args));
      expect(env.join(" "), stage.name).toMatch(/\bONNXRUNTIME_NODE_INSTALL=skip\b/);
    }
  });

  it("gives the runtime production dependencies, the build and what the server reads, as a non-root user", () => {
    const copies = of(runtime, "COPY").map((i) => i.args);
    const fromStage = (stage: string) => copies.filter((c) => c.startsWith(`--from=${stage} `));
    const dependencies = stages.find((stage) => of(stage, "RUN").some((i) => /npm ci --omit=dev/.test(i.args)));
    expect(dependencies, "a stage installs production dependencies only").toBeDefined();
    expect(fromStage(dependencies!.name).some((c) => c.includes("/app/node_modules"))).toBe(true);
    for (const path of ["dist/client", "dist/server", "dist/media", "dist/build-info.json"]) {
      expect(
        copies.some((c) => c.startsWith("--from=") && c.includes(`/app/${path} `)),
        path,
      ).toBe(true);
    }
    // From the context: each exists in the repository and is not left out by .dockerignore.
    const ignored = readFileSync(".dockerignore", "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    for (const path of ["package.json", "migrations", "models", "media"]) {
      expect(
        copies.some((c) => c.startsWith(`${path} `)),
        path,
      ).toBe(true);
      expect(existsSync(path), path).toBe(true);
      expect(ignored, path).not.toContain(path);
    }
    for (const kept of ["node_modules", "dist", "data", ".git", ".env"]) expect(ignored).toContain(kept);
    expect(of(runtime, "ADD")).toEqual([]);
    const user = of(runtime, "USER").at(-1)?.args;
    expect(user).toBeDefined();
    expect(["root", "0"]).not.toContain(user);
  });

  it("checks /readyz and runs node itself as PID 1 (exec form), not npm start", () => {
    const healthcheck = of(runtime, "HEALTHCHECK").at(-1)?.args ?? "";
    expect(healthcheck).toContain("/readyz");
    const cmd = of(runtime, "CMD").at(-1)?.args;
    expect(JSON.parse(cmd ?? "null")).toEqual(["node", "dist/server/server.js"]);
    expect(of(runtime, "ENTRYPOINT")).toEqual([]);
    expect(dockerfile).not.toMatch(/^\s*(CMD|ENTRYPOINT)\b.*npm/m);
  });
});

type Service = {
  image?: string;
  build?: unknown;
  ports?: string[];
  networks?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  healthcheck?: unknown;
};
type Compose = {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean } | null>;
  secrets: Record<string, { file: string }>;
  volumes: Record<string, unknown>;
};

const compose = parseYaml(readFileSync("deploy/compose.yaml", "utf8")) as Compose;

describe("deploy/compose.yaml", () => {
  it("is valid under the Compose Specification's schema", () => {
    const schema = JSON.parse(readFileSync(composeSchemaFile, "utf8")) as Record<string, unknown>;
    // The schema names draft 07 by an https address Ajv does not know; its rules are draft 07's.
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
    const valid = ajv.validate(schema, compose);
    expect(ajv.errors ?? [], ajv.errorsText()).toEqual([]);
    expect(valid).toBe(true);
  });

  it("the schema check refuses a broken file (it can fail)", () => {
    const schema = JSON.parse(readFileSync(composeSchemaFile, "utf8")) as Record<string, unknown>;
    const ajv = new Ajv({ strict: false, validateSchema: false });
    const broken = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.app1!.stop_grace_period = 30;
    broken.services.app1!.restart_policy = "always";
    expect(ajv.validate(schema, broken)).toBe(false);
  });

  it("puts three app instances behind a TLS balancer, with PostgreSQL and Redis, none of them published", () => {
    const services = compose.services;
    const apps = Object.keys(services).filter((name) => /^app\d$/.test(name));
    expect(apps).toEqual(["app1", "app2", "app3"]);
    const balancer = services.balancer!;
    expect(balancer.ports).toContain("443:443");
    for (const name of [...apps, "postgres", "redis"]) expect(services[name]!.ports, name).toBeUndefined();
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.redis?.image).toMatch(/^redis:\d+/);
    expect(Object.keys(compose.volumes)).toContain("postgres-data");
    for (const name of apps) {
      const app = services[name]!;
      expect(app.environment?.REDIS_URL).toBe("redis://redis:6379");
      // Secrets come from files, never from the environment.
      expect(app.environment?.DATABASE_URL).toBeUndefined();
      expect(app.environment?.DATABASE_URL_FILE).toBe("/run/secrets/database_url");
      for (const [variable, value] of Object.entries(app.environment ?? {})) {
        if (!variable.endsWith("_FILE")) continue;
        const secret = value.replace("/run/secrets/", "");
        expect(app.secrets, variable).toContain(secret);
        expect(compose.secrets[secret], variable).toBeDefined();
      }
      expect(app.environment?.ADMIN_PASSWORD).toBeUndefined();
      // Real money: the seller's details come from the operator, never the placeholders.
      expect(app.environment?.PAYMENT_GATEWAY).toBe("providers");
      for (const variable of ["SELLER_VAT_NUMBER", "SELLER_ADDRESS_EN", "SELLER_ADDRESS_AR"])
        expect(app.environment?.[variable], variable).toMatch(new RegExp(`^\\$\\{${variable}:\\?.+\\}$`));
    }
  });

  it("keeps the metrics port and the data stores on internal networks the balancer does not join", () => {
    const services = compose.services;
    expect(compose.networks.metrics?.internal).toBe(true);
    expect(compose.networks.data?.internal).toBe(true);
    expect(services.app1!.environment?.METRICS_PORT).toBe("9091");
    expect(services.app1!.networks).toContain("metrics");
    expect(services.balancer!.networks).not.toContain("metrics");
    expect(services.balancer!.networks).not.toContain("data");
    for (const store of ["postgres", "redis"]) expect(services[store]!.networks).toEqual(["data"]);
  });
});

describe("deploy/haproxy.cfg", () => {
  const config = readFileSync("deploy/haproxy.cfg", "utf8");
  const haproxy = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy"].find((path) => existsSync(path));

  it("checks /readyz every second (fall 2, rise 2), retries failed connections elsewhere", () => {
    expect(config).toMatch(/http-check send meth GET uri \/readyz/);
    expect(config).toMatch(/default-server check inter 1s fall 2 rise 2\b/);
    expect(config).toMatch(/retry-on conn-failure/);
    expect(config).toMatch(/option redispatch/);
    // An overloaded instance's requests queue in the balancer, not in front of its health check.
    expect(config).toMatch(/default-server [^\n]*\bmaxconn 32\b/);
    for (const name of ["app1", "app2", "app3"]) expect(config).toMatch(new RegExp(`server ${name} ${name}:3000`));
  });

  it.skipIf(!haproxy && !inCi)("is valid for `haproxy -c`", async () => {
    expect(haproxy, "HAProxy is not installed (apt-get install haproxy)").toBeDefined();
    // A throw-away certificate for the TLS listener (the real one is a Compose secret).
    const folder = mkdtempSync(join(tmpdir(), "haproxy-check-"));
    await run("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/CN=localhost",
      "-days",
      "1",
      "-keyout",
      join(folder, "key.pem"),
      "-out",
      join(folder, "cert.pem"),
    ]);
    const pem = join(folder, "site.pem");
    writeFileSync(pem, readFileSync(join(folder, "cert.pem"), "utf8") + readFileSync(join(folder, "key.pem"), "utf8"));
    const checked = await run(haproxy!, ["-c", "-f", "deploy/haproxy.cfg"], {
      env: { ...process.env, TLS_CERTIFICATE: pem },
    });
    expect(checked.stdout).toContain("Configuration file is valid");
    // The instances' names resolve only on the Compose network; any other warning is a finding.
    const warnings = checked.stderr.split("\n").filter((line) => line.includes("[WARNING]"));
    expect(warnings.filter((line) => !/could not resolve address 'app\d'/.test(line))).toEqual([]);
  });
});
