import type { ServerResponse } from "node:http";
import type { ClockMode } from "../../engine/time/sandbox-clock.js";

/**
 * The reply header by which the sandbox says its clock is manual: `X-Sandbox-Clock: manual`. A
 * sandbox-only aid, not a gateway fact (no gateway sends it, the spec does not name it): the
 * client's status poller reads it to refuse at once a wait on real timers, which would never see
 * a manual clock move, instead of hanging until the caller's own timeout.
 */
export const manualClockHeader = "x-sandbox-clock";

/** Marks an API reply with {@link manualClockHeader} when the sandbox's clock is manual. */
export function markManualClock(response: ServerResponse, mode: ClockMode): void {
  if (mode === "manual") response.setHeader(manualClockHeader, "manual");
}
