/**
 * The loop of a worker that takes due work from the store (the print queue, the webhooks' delivery worker): one
 * round at a time, each answering when the next is due (or null: none, the worker is stopping); a round asked for
 * while one runs runs once more right after it, so that nothing written meanwhile waits for the poll. The timer never
 * keeps the process alive.
 */
export function createPollLoop(round: () => Promise<number | null>) {
  let timer: NodeJS.Timeout | null = null;
  /** When the timer fires (wall ms), 0 without one. */
  let timerAt = 0;
  let running: Promise<void> | null = null;
  let again = false;
  /** Asked for while a round ran: its next round no later than this. */
  let by = Infinity;
  let stopped = false;

  function cancel(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    timerAt = 0;
  }

  function arm(delay: number): void {
    cancel();
    timerAt = Date.now() + delay;
    timer = setTimeout(run, delay);
    timer.unref?.();
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    cancel();
    by = Infinity;
    running = (async () => {
      const delay = await round();
      if (delay !== null && !stopped) arm(Math.min(delay, Math.max(0, by - Date.now())));
    })().finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      }
    });
  }

  return {
    /** A round now, or right after the one running. */
    run,
    /** A round no later than `at` (wall ms): brings the next one forward, never back. */
    runBy(at: number): void {
      if (stopped) return;
      if (running) by = Math.min(by, at);
      else if (timerAt === 0 || timerAt > at) arm(Math.max(0, at - Date.now()));
    },
    /** Arms no further round (until `resume`); resolves once the round running, if any, has ended. */
    async pause(): Promise<void> {
      stopped = true;
      cancel();
      await running;
    },
    resume(): void {
      stopped = false;
    },
  };
}
