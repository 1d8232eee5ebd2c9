import { SigningError, toMinorUnits } from "@card-processing/signing";
import { checkedFieldPatterns } from "@card-processing/types";
import { defaultCallbackTimeoutMs } from "../delivery/callback-timeout.js";
import { type CallbackCase, type CallbackCheckOrder, callbackCases } from "./callback-cases.js";
import { describeAnswer, type ProbeAnswer, sendProbe } from "./callback-probe.js";

/**
 * The options of {@link checkCallbackEndpoint}.
 *
 * @example
 * ```ts
 * import type { CallbackCheckOptions } from "@card-processing/sandbox";
 * const options: CallbackCheckOptions = { controlKey: "merchant-control-key", timeoutMs: 5_000 };
 * ```
 */
export interface CallbackCheckOptions {
  /** The merchant control key the endpoint verifies callbacks with. */
  readonly controlKey: string;
  /** How long the endpoint may take to answer one callback (default: the sandbox's callback timeout, 5000 ms). */
  readonly timeoutMs?: number;
  /**
   * An order the shop holds (made through the sandbox, say): every case sends its callbacks about
   * it, so an endpoint that checks callbacks against its stored orders (the client handler's
   * `storedOrder`, or `confirm` with a gateway that knows the order) can accept them. Without it,
   * each case makes up an order, which such an endpoint refuses as unknown.
   */
  readonly order?: CallbackCheckOrder;
}

/**
 * One case of the check and how it went.
 *
 * @example
 * ```ts
 * import type { CallbackCheckResult } from "@card-processing/sandbox";
 * const line = (r: CallbackCheckResult) => `${r.pass ? "pass" : "FAIL"} ${r.name}: ${r.saw}`;
 * ```
 */
export interface CallbackCheckResult {
  readonly name: string;
  /** What a correct endpoint answers: `200`, or `refusal (4xx)`. */
  readonly expected: string;
  readonly pass: boolean;
  /** What the endpoint answered to each callback of the case. */
  readonly saw: string;
  /** What to change, when the case failed. */
  readonly fix?: string;
}

/**
 * The whole check: `ok` when every case passed.
 *
 * @example
 * ```ts
 * import type { CallbackCheckReport } from "@card-processing/sandbox";
 * const failed = (report: CallbackCheckReport) => report.results.filter((r) => !r.pass);
 * ```
 */
export interface CallbackCheckReport {
  readonly ok: boolean;
  readonly url: string;
  readonly results: readonly CallbackCheckResult[];
}

/**
 * What to fix when the endpoint refused every correctly signed callback with 403: its signature
 * check works (it refuses), but with another control key than the one the check signs with.
 */
const otherKeyFix =
  "the endpoint refused every correctly signed callback with 403: it verifies control with a different control key than the one given to this check (`--control-key`, `controlKey`); give both the merchant control key of this endpoint";

/**
 * What to fix when the endpoint answered 404 to every correctly signed callback about a made-up
 * order: it checks callbacks against its stored orders, and has none of the check's.
 */
const unknownOrderFix =
  "the endpoint answered 404 to every correctly signed callback: it checks callbacks against its stored orders (storedOrder) and knows none of the orders this check made up; give the check an order your shop holds (`--client-orderid`, `--orderid`, `--amount`, `--currency`; `order`)";

function meets(testCase: CallbackCase, answer: ProbeAnswer, stored: boolean): boolean {
  const status = answer.httpStatus;
  if (status === undefined) return false;
  if (testCase.expects === "refused") return status >= 400 && status < 500;
  return status === 200 || (stored && testCase.conflictWithStoredOrder === true && status === 409);
}

/**
 * The order given, checked: each field a non-empty string, the currency by the spec's pattern
 * (`checkedFieldPatterns`), the amount as signing reads an amount in that currency (`toMinorUnits`).
 */
function checkedOrder(order: CallbackCheckOrder): CallbackCheckOrder {
  for (const field of ["client_orderid", "orderid", "amount", "currency"] as const)
    if (typeof order[field] !== "string" || order[field] === "")
      throw new TypeError(
        `checkCallbackEndpoint: order.${field}: expected the stored order's ${field}, a non-empty string`,
      );
  const currency = checkedFieldPatterns.currency;
  if (!new RegExp(currency.pattern).test(order.currency))
    throw new TypeError(`checkCallbackEndpoint: order.currency: expected an ${currency.rule}`);
  try {
    toMinorUnits(order.amount, order.currency);
  } catch (error) {
    const field = error instanceof SigningError && error.code === "ERR_CURRENCY_UNKNOWN" ? "currency" : "amount";
    throw new TypeError(
      `checkCallbackEndpoint: order.${field}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return order;
}

/**
 * Sends a shop's callback endpoint a series of callbacks (genuine, duplicate, forged, unsigned,
 * tampered, out of order, long values) for orders it makes up, or for the shop's own
 * `order` when given, and reports, case by case, whether it answered as the gateway needs, within
 * the gateway's callback timeout.
 *
 * @example
 * ```ts
 * import { checkCallbackEndpoint } from "@card-processing/sandbox";
 * const report = await checkCallbackEndpoint("http://127.0.0.1:3000/payments/callback", { controlKey: "merchant-control-key" });
 * if (!report.ok) throw new Error(report.results.filter((r) => !r.pass).map((r) => `${r.name}: ${r.fix}`).join("\n"));
 * ```
 */
export async function checkCallbackEndpoint(url: string, options: CallbackCheckOptions): Promise<CallbackCheckReport> {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new TypeError("checkCallbackEndpoint: url: expected an http(s) URL");
  if (typeof options.controlKey !== "string" || options.controlKey === "")
    throw new TypeError("checkCallbackEndpoint: controlKey: expected the merchant control key, a non-empty string");
  const given = options.order === undefined ? undefined : checkedOrder(options.order);
  const timeoutMs = options.timeoutMs ?? defaultCallbackTimeoutMs;
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const results: CallbackCheckResult[] = [];
  const answers: ProbeAnswer[] = [];
  /** The answers to the callbacks signed with the key given, which a correct endpoint accepts. */
  const answersToSigned: ProbeAnswer[] = [];
  for (const [index, testCase] of callbackCases.entries()) {
    const order = given ?? {
      client_orderid: `check-${run}-${index + 1}`,
      orderid: String(900_000_000 + Math.floor(Math.random() * 99_999_999)),
      amount: "10.42",
      currency: "USD",
    };
    const seen: ProbeAnswer[] = [];
    for (const step of await testCase.steps(order, options.controlKey))
      seen.push(await sendProbe(url, step.query, timeoutMs));
    answers.push(...seen);
    if (testCase.expects === "accepted") answersToSigned.push(...seen);
    const pass = seen.every((answer) => meets(testCase, answer, given !== undefined));
    results.push({
      name: testCase.name,
      expected:
        testCase.expects === "refused"
          ? "refusal (4xx)"
          : given !== undefined && testCase.conflictWithStoredOrder === true
            ? "200, or 409 (not as stored)"
            : "200",
      pass,
      saw: seen.map(describeAnswer).join("; "),
      ...(pass ? {} : { fix: testCase.fix }),
    });
  }
  const everySigned = (httpStatus: number) =>
    answersToSigned.length > 0 && answersToSigned.every((answer) => answer.httpStatus === httpStatus);
  const commonFix = everySigned(403)
    ? otherKeyFix
    : given === undefined && everySigned(404)
      ? unknownOrderFix
      : undefined;
  if (commonFix !== undefined) {
    for (const [index, result] of results.entries())
      if (callbackCases[index]?.expects === "accepted") results[index] = { ...result, fix: commonFix };
  }
  const slowest = answers.reduce((max, answer) => Math.max(max, answer.ms), 0);
  const late = answers.filter(
    (answer) => answer.error?.startsWith("no answer within") === true || answer.ms > timeoutMs,
  ).length;
  results.push({
    name: "answers in time",
    expected: `every answer within ${timeoutMs} ms`,
    pass: late === 0,
    saw: `slowest answer ${slowest} ms${late > 0 ? `; ${late} of ${answers.length} late` : ""}`,
    ...(late === 0
      ? {}
      : {
          fix: `answer within ${timeoutMs} ms, or the gateway gives up and delivers again: store the event, answer 200, then do slow work (e-mails, shipping)`,
        }),
  });
  return { ok: results.every((result) => result.pass), url, results };
}
