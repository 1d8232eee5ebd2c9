/** How long one callback delivery may take before the sandbox gives up on it (`callbackRetry.timeoutMs`), and the time `check-callbacks` allows a shop's endpoint. */
export const defaultCallbackTimeoutMs = 5_000;
