/**
 * The signal of one request: the caller's signal (if it aborts) or a timer of `timeoutMs` ends
 * it, and which one did can be told afterwards. `dispose()` clears the timer and the listener
 * once the reply is read, so nothing outlives the request.
 */
export function requestDeadline(timeoutMs: number, callerSignal: AbortSignal): RequestDeadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`No complete reply within ${timeoutMs} ms`, "TimeoutError"));
  }, timeoutMs);
  const onAbort = () => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) onAbort();
  else callerSignal.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut && !callerSignal.aborted,
    dispose() {
      clearTimeout(timer);
      callerSignal.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * What {@link requestDeadline} returns.
 */
export interface RequestDeadline {
  readonly signal: AbortSignal;
  /** True when the timer, not the caller, ended the request. */
  timedOut(): boolean;
  dispose(): void;
}
