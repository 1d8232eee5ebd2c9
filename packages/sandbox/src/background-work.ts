/**
 * Runs work that no request waits for (a status change after the latency, a settlement, a
 * callback delivery or retry) so that its failure can never end the process: a throw or a
 * rejection is logged and the sandbox carries on. Only the error's name and message are logged,
 * never its input: an invalid URL's `input` would carry the callback's `control`.
 */
export function runInBackground(what: string, log: (line: string) => void, work: () => void | Promise<void>): void {
  const report = (error: unknown) => {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : "a non-error value was thrown";
    log(`background ${what} failed (${reason}); the sandbox carries on`);
  };
  try {
    const pending = work();
    if (pending !== undefined) pending.catch(report);
  } catch (error) {
    report(error);
  }
}
