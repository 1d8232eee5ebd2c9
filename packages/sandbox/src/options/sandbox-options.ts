import type { ControlAmounts } from "@card-processing/signing";
import type { ClockMode } from "../engine/time/sandbox-clock.js";
import type { FaultRates } from "../server/api/network-faults.js";

/**
 * How the sandbox retries a callback that was not answered with HTTP 200. By default it follows
 * the documented schedule (30 deliveries over 14 days of sandbox time, see the README); giving
 * `initialDelayMs`, `factor` or `maxDelayMs` switches to exponential backoff: `attempts` in all,
 * waiting `initialDelayMs`, then `factor` times longer each time, never more than `maxDelayMs`.
 *
 * @example
 * ```ts
 * import type { CallbackRetryOptions } from "@card-processing/sandbox";
 * const retry: CallbackRetryOptions = { attempts: 5, initialDelayMs: 100, factor: 2, maxDelayMs: 2_000 };
 * ```
 */
export interface CallbackRetryOptions {
  /** Deliveries tried in all, the first included. Default 30 (the documented schedule's count). */
  readonly attempts?: number;
  /** Wait before the first retry (backoff). Default 250 ms. */
  readonly initialDelayMs?: number;
  /** Growth of the wait between retries (backoff). Default 2. */
  readonly factor?: number;
  /** Longest wait between retries (backoff). Default 5 000 ms. */
  readonly maxDelayMs?: number;
  /** Real time allowed to one delivery before it counts as failed. Default 5 000 ms. */
  readonly timeoutMs?: number;
}

/**
 * What the sandbox does with a request that creates an order (a sale, a preauth, a payout...)
 * when its `client_orderid` already names an order on the endpoint. `"new-order"` (the default,
 * the strictest reading of the documented gateway, which does not promise to de-duplicate):
 * it is a new request, processed again, and makes a second order, so money moves twice.
 * `"replay"` (the sandbox's own choice): the same request again is answered with the existing
 * order and makes none, and a different request with that `client_orderid` is refused.
 *
 * @example
 * ```ts
 * import { startSandbox, type DuplicateClientOrderId } from "@card-processing/sandbox";
 * const duplicateClientOrderId: DuplicateClientOrderId = "replay";
 * const sandbox = await startSandbox({ duplicateClientOrderId });
 * ```
 */
export type DuplicateClientOrderId = "new-order" | "replay";

/**
 * The certificate and private key a sandbox serves https with, each as PEM text (read a file with
 * `readFileSync(file, "utf8")`). The certificate may be followed by its chain.
 *
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import type { SandboxOptions, SandboxTls } from "@card-processing/sandbox";
 * const tls: SandboxTls = { cert: readFileSync("sandbox.crt", "utf8"), key: readFileSync("sandbox.key", "utf8") };
 * const options: SandboxOptions = { host: "0.0.0.0", tls }; // serves https; sandbox.url starts with https://
 * ```
 */
export interface SandboxTls {
  /** The PEM certificate (`-----BEGIN CERTIFICATE-----`), its chain after it. */
  readonly cert: string;
  /** The PEM private key of the certificate. */
  readonly key: string;
}

/**
 * Options of `startSandbox`. Every field is optional; missing credentials are the example
 * merchant's on loopback, and generated anywhere else.
 *
 * @example
 * ```ts
 * import { startSandbox, type SandboxOptions } from "@card-processing/sandbox";
 * const options: SandboxOptions = { port: 0, login: "shop", controlKey: "secret", latencyMs: 50 };
 * const sandbox = await startSandbox(options);
 * ```
 */
export interface SandboxOptions {
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  readonly host?: string;
  /**
   * Serve https with this certificate and key, instead of plain http: the API, the hosted and ACS
   * pages, the admin routes and the dashboard, and `sandbox.url` starts with `https://`. For a
   * sandbox a team shares on another host, whose clients refuse plain http beyond loopback.
   * Default: plain http.
   */
  readonly tls?: SandboxTls;
  /**
   * The address others reach the sandbox at, when it is not the one it listens on: a name, a
   * machine's address on the network, or a proxy in front (`https://sandbox.team.example`,
   * `http://10.0.0.5:8080`). An origin, with no path or `/paynet`. `sandbox.url`, its dashboard
   * address, and the hosted page and ACS addresses the API replies with start with it, so a
   * teammate's browser can open them. Default: the address the sandbox listens on (`127.0.0.1`
   * when it listens on every interface). Giving it makes the admin token required, as listening
   * beyond loopback does.
   */
  readonly publicUrl?: string;
  /** Merchant login (also the OAuth consumer key). Default `sandbox-merchant`, the example merchant's. */
  readonly login?: string;
  /**
   * Merchant control key. Default: on loopback, with no `publicUrl` and none of `login`,
   * `controlKey`, `publicKey` given, the reference's example merchant (its control key and RSA
   * test pair, the spec's `x-example-merchant`), so the reference's samples run as printed;
   * anywhere else a random one.
   */
  readonly controlKey?: string;
  /** PEM public key that verifies RSA-SHA256 requests. Default: the example merchant's (see `controlKey`), else a generated 2048-bit pair. */
  readonly publicKey?: string;
  /** Endpoint ids the sandbox accepts. Default `[1111]`. */
  readonly endpointIds?: readonly (number | string)[];
  /**
   * Endpoint group ids the sandbox accepts at the group addresses (`.../sale/group/42`), for the
   * operations whose page lists one. Default none: every group address is refused as an unknown
   * endpoint group. The sandbox has no endpoints inside a group: an order made through group 42 is
   * the group's own (its `end-point-id` is 42), and its status and follow-ups go through the same
   * group address. An id may not be both an endpoint id and a group id.
   */
  readonly endpointGroupIds?: readonly (number | string)[];
  /**
   * Time an order spends in `processing` before its final status. Default 100 ms, short for test
   * suites; the CLI's `--latency-ms` defaults to 1 000 ms instead, so that a person trying the
   * sandbox sees the order processing and the shop's status polling runs.
   */
  readonly latencyMs?: number;
  /** Time after which an approved sale or capture settles; `Infinity` waits for the admin call. Default 60 000 ms. */
  readonly settleDelayMs?: number;
  /** Callback retry settings. */
  readonly callbackRetry?: CallbackRetryOptions;
  /** Accepted clock difference of `oauth_timestamp`, in seconds. Default 300. */
  readonly oauthWindowSeconds?: number;
  /**
   * Answer requests whose `Accept` does not name `application/vnd.pay+json` in the documented
   * gateway's classic text form (refusals with HTTP 200), as older integrations expect. Default
   * `false`: such requests are refused with 400, as the API description requires.
   */
  readonly classicReplies?: boolean;
  /**
   * How the `control` of a request writes amounts of currencies without two decimals (JPY, KWD):
   * `"iso-4217"` (default, ISO 4217 minor units: 1000 JPY signs `1000`) or `"hundredths"` (the
   * amount times 100, as the vendor's PHP library signs: 1000 JPY signs `100000`). A request signed
   * the other way is refused with a message naming both. The CLI's `--control-amounts`.
   */
  readonly controlAmounts?: ControlAmounts;
  /**
   * Send the customer back from the hosted and ACS pages to `redirect_url` at once, while the
   * payment is still `processing`, instead of after its outcome: for testing a shop's "still
   * processing" page. Default `false`. `sandbox.payHostedPage` can also ask for it per call.
   */
  readonly returnBeforeOutcome?: boolean;
  /**
   * How long a payment link (the hosted payment page of a `-form` order, the ACS page of a 3-D
   * Secure card) takes a payment, in sandbox time from its order's creation, so on the manual clock
   * too. After it the page says it has expired, and an order still waiting for its customer ends
   * `declined` ("Payment page expired..."), with its callback. The documented gateway does not
   * publish its own; default 30 minutes (`Infinity`: never).
   */
  readonly pageLifetimeMs?: number;
  /** `"manual"`: nothing that depends on time happens until `sandbox.clock.advance()`. Default `"real"`. */
  readonly clock?: ClockMode;
  /** With the real clock, how much faster sandbox time runs than wall time (100 000 runs 14 days in 12 s). Default 1. */
  readonly timeScale?: number;
  /** Deliver every callback twice and out of order within a short window (default 2 000 ms of sandbox time). */
  readonly callbackChaos?: boolean | { readonly windowMs?: number };
  /**
   * Token the admin routes and the dashboard require. Default: none on 127.0.0.1 without a
   * `publicUrl` (they are open); a generated one on any other interface, or with a `publicUrl` (a
   * reverse proxy in front forwards others' requests with a loopback `Host`), see
   * `sandbox.adminToken`; `dataDir` keeps it, so a restart with the same directory requires the
   * same token.
   */
  readonly adminToken?: string;
  /** Makes generated ids (page tokens, card references, a generated control key) the same on every run. */
  readonly seed?: string;
  /**
   * Network faults played at random on the sandbox's API replies, for soak tests of a shop's
   * recovery: `{ rates: { "reset-after": 0.05, delay: 0.02 }, seed: 7 }`. Default: none. One-off
   * faults for unit tests: `sandbox.faults.next()`.
   */
  readonly faults?: FaultRates;
  /**
   * A request that creates an order with a `client_orderid` already used on its endpoint:
   * `"new-order"` (default) makes a second order, as a gateway that does not de-duplicate would;
   * `"replay"` answers the same request with the existing order and refuses a different one.
   */
  readonly duplicateClientOrderId?: DuplicateClientOrderId;
  /** Receives one line per request and per state change. Default: silent. */
  readonly logger?: (line: string) => void;
  /**
   * Keep at most this many orders in memory: past it (with 1% slack), the oldest final orders are
   * forgotten with their timeline, requests, events and callbacks. Default: every order stays.
   */
  readonly maxOrders?: number;
  /** Forget final orders created longer ago than this (sandbox time, milliseconds). Default: never. */
  readonly maxAgeMs?: number;
  /**
   * Keep the sandbox's state in an embedded database in this directory (created when missing), so
   * a restart with the same directory goes on where it stopped: orders with their requests and
   * timelines, card references, subscriptions, callbacks with their attempts, events and the
   * clock. A request is answered only once what it changed is committed to that database, which a
   * crash or `kill -9` of the sandbox does not lose (a power loss may take the last commits: they
   * are not forced to the disk one by one). Orders that `maxOrders` or `maxAgeMs` forget are
   * deleted from it too. Default: state lives in memory only.
   */
  readonly dataDir?: string;
}
