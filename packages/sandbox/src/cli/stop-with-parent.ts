/**
 * Calls `stop` once the process that started this one is gone. Started as `npx
 * card-processing-sandbox`, the CLI runs under `npm exec` and a `sh -c` between them: a SIGTERM
 * sent to npx stops npm and the shell but never reaches the CLI, which would keep its port. The
 * operating system tells a process nothing when its parent exits, so this looks at the parent id
 * twice a second (an unreferenced timer: it never keeps the process alive).
 */
export function stopWithParent(stop: () => void, intervalMs = 500): void {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, intervalMs);
  watch.unref();
}
