import fp from "fastify-plugin";
import {
  FontModelUnavailableError,
  type FontAnalysisObserver,
  type FontRecognizerService,
} from "#server/modules/font-recognition/recognizer-service.ts";
import {
  FontRecognitionError,
  RecognizerBusyError,
  RecognizerClosedError,
} from "#server/modules/font-recognition/errors.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { FontAnalysisBox } from "#shared/schemas/analyze-font-request.ts";

declare module "fastify" {
  interface FastifyInstance {
    fontRecognizer: FontRecognizerService;
  }
}

export type FontRecognizerPluginOptions = {
  /** Worker threads running the model. */
  workers?: number;
  /** Requests that may wait for a worker; more are refused with 503 and Retry-After. */
  queueLimit?: number;
  /** Load the model once the server listens, so the first visitor does not wait for it. */
  warmUpOnListen?: boolean;
};

/** busy: refused, the queue full; refused: the image (no text, unreadable, too large…); error: the rest. */
function outcomeOf(error: unknown): "busy" | "refused" | "error" {
  if (error instanceof RecognizerBusyError) return "busy";
  if (error instanceof FontRecognitionError && !(error instanceof RecognizerClosedError)) return "refused";
  return "error";
}

type Recognizer = {
  analyze(imageBytes: Buffer, box?: FontAnalysisBox): Promise<FontAnalysis>;
  close(): Promise<void> | void;
  readonly queueLimit: number;
  readonly queued: number;
};

/**
 * Decorates the app with the font recognizer (DESIGN D11). Creating it starts worker threads and
 * loads the ONNX model, which takes seconds on this machine, so it never happens before `listen`:
 * the server answers /readyz at once, the model loads in the background after listening (or on
 * the first analysis, as in tests that only `inject`), and it is closed when the app closes.
 */
export default fp<FontRecognizerPluginOptions>(
  async (app, options) => {
    let recognizer: Recognizer | undefined;
    let loading: Promise<Recognizer> | undefined;
    let state: FontRecognizerService["state"] = "idle";
    // A function, so that TypeScript does not narrow `state` across the awaits below.
    const isClosed = () => state === "closed";

    const load = (): Promise<Recognizer> => {
      if (state === "closed") return Promise.reject(new Error("The font recognizer is closed"));
      if (!loading) {
        state = "loading";
        const attempt = (async () => {
          const { createFontRecognizer } = await import("#server/modules/font-recognition/recognize-font.ts");
          const created = await createFontRecognizer({
            ...(options.workers !== undefined ? { workers: options.workers } : {}),
            ...(options.queueLimit !== undefined ? { queueLimit: options.queueLimit } : {}),
          });
          if (isClosed()) {
            await created.close();
            throw new Error("The font recognizer is closed");
          }
          recognizer = created;
          state = "ready";
          return created;
        })();
        loading = attempt.catch((error: unknown) => {
          if (!isClosed()) state = "failed";
          // A failed load is retried by the next request rather than remembered for ever.
          loading = undefined;
          // Shutting down while the model loads is not a failure worth an error line.
          if (isClosed()) app.log.info("font recognizer load abandoned: shutting down");
          else app.log.error({ err: error }, "font recognizer failed to load");
          throw new FontModelUnavailableError(error);
        });
      }
      return loading;
    };

    const analyze = async (imageBytes: Buffer, box?: FontAnalysisBox) => {
      const ready = recognizer ?? (await load());
      return ready.analyze(imageBytes, box);
    };
    let inFlight = 0;
    // With metrics on, each analysis is timed by outcome, and the queue read when scraped.
    const metrics = app.metrics;
    const observe: FontAnalysisObserver | undefined = metrics
      ? (seconds, outcome) => metrics.fontAnalysis(seconds, outcome)
      : undefined;
    const service: FontRecognizerService = {
      analyze: observe
        ? async (imageBytes, box) => {
            const started = performance.now();
            const seconds = () => (performance.now() - started) / 1000;
            inFlight++;
            try {
              const analysis = await analyze(imageBytes, box);
              observe(seconds(), "ok");
              return analysis;
            } catch (error) {
              observe(seconds(), outcomeOf(error));
              throw error;
            } finally {
              inFlight--;
            }
          }
        : analyze,
      queue: () => (recognizer ? { waiting: recognizer.queued, limit: recognizer.queueLimit, inFlight } : undefined),
      async warmUp() {
        await load();
      },
      get state() {
        return state;
      },
    };
    app.decorate("fontRecognizer", service);

    if (options.warmUpOnListen ?? true) {
      app.addHook("onListen", async () => {
        // Not awaited: listening must not wait for the model.
        load().catch(() => undefined);
      });
    }
    app.addHook("onClose", async () => {
      const pending = loading;
      state = "closed";
      if (recognizer) await recognizer.close();
      else if (pending) await pending.catch(() => undefined);
      recognizer = undefined;
    });
  },
  { name: "font-recognizer" },
);
