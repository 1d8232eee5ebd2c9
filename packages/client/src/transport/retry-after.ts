/** Statuses whose `Retry-After` says when the same request may be sent again. */
const RETRY_STATUSES = [429, 503];

/** The longest `Retry-After` the client waits out; a longer one is returned to the caller as is. */
export const RETRY_AFTER_CAP_MS = 20_000;

/**
 * How long a reply asks to wait before the same request is sent again: its `Retry-After` (seconds,
 * or an HTTP date) on a 429 or 503, in milliseconds; `undefined` for any other reply, a header
 * that is absent or not understood, or a wait longer than {@link RETRY_AFTER_CAP_MS}.
 */
export function retryAfterMs(response: Response, now: number = Date.now()): number | undefined {
  if (!RETRY_STATUSES.includes(response.status)) return undefined;
  const value = response.headers.get("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  // Delay-seconds, or an HTTP date (IMF-fixdate, which ends in GMT); nothing else is taken.
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : /GMT$/.test(value) ? Date.parse(value) - now : Number.NaN;
  if (Number.isNaN(ms)) return undefined;
  const wait = Math.max(0, ms);
  return wait <= RETRY_AFTER_CAP_MS ? wait : undefined;
}
