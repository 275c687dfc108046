import { afterAll } from "vitest";
import { dropTestDatabases } from "./app.ts";

afterAll(async () => {
  await dropTestDatabases();
});
