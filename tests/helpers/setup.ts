import { afterAll } from "vitest";

// Servers the tests spawn inherit this: none of them opens the Prometheus port (9091 by default),
// which parallel test files would fight over. The metrics tests give their apps a port of their own.
process.env.METRICS_PORT ??= "0";
import { dropTestDatabases } from "./test-databases.ts";

afterAll(async () => {
  await dropTestDatabases();
});
