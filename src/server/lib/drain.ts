/**
 * Whether this instance is draining before it stops (decision 0041). From SIGTERM on, `/readyz`
 * answers 503 so that the balancer takes the instance out, and every answer (the front door's
 * and the app's) carries `Connection: close`, so that a client on a kept-alive connection opens
 * its next one to another instance; everything else is served as before until the grace ends.
 */
export class Drain {
  #since: Date | undefined;

  /** True from `begin()` on. */
  get active(): boolean {
    return this.#since !== undefined;
  }

  /** When draining began, for monitoring; undefined while serving normally. */
  get since(): Date | undefined {
    return this.#since;
  }

  begin(): void {
    this.#since ??= new Date();
  }
}
