import { redirectOf } from "../errors/reply-error.js";
import { systemClock } from "../polling/polling-schedule.js";
import { cappedText, REPLY_BODY_LIMIT } from "./capped-body.js";
import { requestDeadline } from "./request-deadline.js";
import { retryAfterMs } from "./retry-after.js";
import type { userAgentHeader } from "./user-agent.js";

/** What the sender is built from: the client's resolved `fetch`, `timeoutMs` and `User-Agent`. */
export interface SenderOptions {
  /** The user's `fetch`, which gets a standard `Request`; `globalThis.fetch` when absent. */
  readonly fetch: ((request: Request) => Promise<Response>) | undefined;
  readonly timeoutMs: number;
  /** The `User-Agent` header's value, the `userAgent` option appended ({@link userAgentHeader}). */
  readonly userAgent: string;
}

/** One request as its caller hands it over. */
export interface SendOptions {
  /** The body, read once by the caller (it checks and logs it), sent as this text. */
  readonly body: string | null;
  /** The caller's signal: ends the request, and a wait for `Retry-After`. */
  readonly signal: AbortSignal | undefined;
  /**
   * True for a request that is safe to send again (a status query, the report): a 429 or 503 with
   * a `Retry-After` within the deadline is then waited out and the request sent again. Never true
   * for a request that could move money.
   */
  readonly repeatable: boolean;
  /** The most read of the reply, in bytes: {@link REPLY_BODY_LIMIT} when absent. */
  readonly maxBytes?: number | undefined;
}

/**
 * How a request ended: a reply read whole, a reply past the size limit (left unread), a redirect
 * (never followed), or a failure before a complete reply.
 */
export type Sent =
  | { readonly kind: "reply"; readonly response: Response; readonly text: string }
  | { readonly kind: "too-large"; readonly response: Response; readonly limit: number }
  | { readonly kind: "redirect"; readonly response: Response; readonly redirect: string }
  | {
      readonly kind: "failed";
      readonly error: unknown;
      /** True when the deadline, not the caller's signal, ended it. */
      readonly timedOut: boolean;
      /** True once fetch was called with a live signal: the request may have left from then on. */
      readonly leaving: boolean;
    };

/** Sends one request by the client's rules; see {@link createRequestSender}. */
export type RequestSender = (request: Request, options: SendOptions) => Promise<Sent>;

/** At most this many sends after the first, for a repeatable request whose replies keep asking to wait. */
const MAX_RESENDS = 2;

const neverAborted = new AbortController().signal;

/**
 * The one door every request of the client leaves through (named operations, the raw client,
 * polling, recovery and the transactions report). It sets the `User-Agent`, holds the deadline
 * (`timeoutMs` for the whole call, waits included), never follows a redirect (the signed request
 * would go to its `Location`), waits out a 429 or 503's `Retry-After` only for a repeatable
 * request, never for one that could move money (that reply goes back to the caller as it came),
 * and reads a reply's body at most up to its limit, cancelling the rest unread.
 */
export function createRequestSender(options: SenderOptions): RequestSender {
  const { userAgent } = options;
  const userFetch = options.fetch;
  // `fetch(request, init)` is the standard call; a user's one-argument fetch gets the request rebuilt with the init.
  const send = userFetch
    ? (request: Request, init: RequestInit) => userFetch(new Request(request, init))
    : (request: Request, init: RequestInit) => globalThis.fetch(request, init);
  return async (request, how) => {
    const deadline = requestDeadline(options.timeoutMs, how.signal ?? neverAborted);
    const endsAt = Date.now() + options.timeoutMs;
    withUserAgent(request.headers, userAgent);
    // A signal that ended the call before this point stops fetch before it sends anything.
    let leaving = false;
    try {
      for (let resends = 0; ; resends++) {
        leaving ||= !deadline.signal.aborted;
        // The request's own headers go as they are (fetch copies them); the init replaces the rest.
        const init: RequestInit = { body: how.body, signal: deadline.signal, redirect: "manual" };
        const response = await send(request, init);
        const redirect = redirectOf(response);
        if (redirect !== undefined) {
          await response.body?.cancel();
          return { kind: "redirect", response, redirect };
        }
        const wait = how.repeatable && resends < MAX_RESENDS ? retryAfterMs(response) : undefined;
        if (wait === undefined || Date.now() + wait >= endsAt) {
          const limit = how.maxBytes ?? REPLY_BODY_LIMIT;
          const body = await cappedText(response, limit);
          return "text" in body ? { kind: "reply", response, text: body.text } : { kind: "too-large", response, limit };
        }
        await response.body?.cancel();
        await systemClock.sleep(wait, deadline.signal);
      }
    } catch (error) {
      return { kind: "failed", error, timedOut: deadline.timedOut(), leaving };
    } finally {
      deadline.dispose();
    }
  };
}

/**
 * Adds the client's `User-Agent` to the request's headers, unless the caller set one in `headers`.
 * The request is the client's own (openapi-fetch's, a middleware's, the report's), so its headers
 * are set in place rather than copied for every request.
 */
function withUserAgent(headers: Headers, userAgent: string): void {
  if (headers.has("user-agent")) return;
  try {
    headers.set("user-agent", userAgent);
  } catch {
    // A runtime that refuses the header (a browser's own User-Agent) sends the request without it.
  }
}
