import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { requestLoggerFactory } from "./request-logger.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: "info" }, stream) };
}

describe("requestLoggerFactory", () => {
  it("writes the lines at or above the level, with the request's bindings", async () => {
    const { lines, logger } = capture();
    const log = requestLoggerFactory(logger, { reqId: "req-1" }, {});
    log.debug("not written");
    log.info({ path: "/api/x" }, "written");
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: "req-1", path: "/api/x", msg: "written", level: 30 });
    expect(log.level).toBe("info");
  });

  it("follows a route's own level", async () => {
    const { lines, logger } = capture();
    const log = requestLoggerFactory(logger, { reqId: "req-2" }, { level: "warn" });
    log.info("not written");
    log.warn("written");
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.msg)).toEqual(["written"]);
    expect(log.level).toBe("warn");
    expect(log.child({ part: "x" })).toBeTruthy();
  });
});
