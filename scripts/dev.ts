/**
 * `npm run dev`: the API server (restarted on change by tsx watch) and Vite's dev server with hot
 * reload, which proxies /api to it. Open http://localhost:5173.
 */
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/server.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: process.env.PORT ?? "3000",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      // tsx restarts the server with SIGTERM on every change: no balancer to drain for.
      SHUTDOWN_GRACE_MS: process.env.SHUTDOWN_GRACE_MS ?? "0",
    },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
