import { type FinalStatus, isFinalStatus, isRefusal } from "@card-processing/types";

/**
 * What to do after a reply, as the gateway's official libraries decide it.
 *
 * - `redirect`: send the customer's browser to `url` (a hosted page or a 3-D Secure step).
 * - `show-html`: render `html` to the customer (a 3-D Secure page that submits itself).
 * - `poll`: the outcome is not known yet; query the status again (or wait for the callback).
 * - `done`: the transaction reached a final status, or the reply carries no status to wait for.
 * - `failed`: the gateway refused or failed the request; see `message`.
 *
 * @example
 * ```ts
 * import type { NextStep } from "@card-processing/client";
 * const step: NextStep = { action: "redirect", url: "https://gateway.example/pay/1234567" };
 * ```
 */
export type NextStep =
  | { readonly action: "redirect"; readonly url: string }
  | { readonly action: "show-html"; readonly html: string }
  | { readonly action: "poll"; readonly orderid: string | undefined; readonly clientOrderId: string | undefined }
  | { readonly action: "done"; readonly status: FinalStatus | undefined }
  | { readonly action: "failed"; readonly message: string | undefined; readonly serialNumber: string | undefined };

/**
 * The reply keys {@link nextStep} looks at; every reply of the API fits.
 *
 * @example
 * ```ts
 * import type { NextStepReply } from "@card-processing/client";
 * const reply: NextStepReply = { type: "status-response", status: "processing", html: "<html>…</html>" };
 * ```
 */
export interface NextStepReply {
  readonly type?: string | undefined;
  readonly status?: string | undefined;
  readonly html?: string | undefined;
  readonly "redirect-url"?: string | undefined;
  readonly "paynet-order-id"?: string | number | undefined;
  readonly "merchant-order-id"?: string | undefined;
  readonly "error-message"?: string | undefined;
  readonly "serial-number"?: string | undefined;
}

/**
 * Tells the caller what to do after a reply: a refusal is `failed`; a final status is `done`; an
 * `html` page is shown; a `redirect-url` is followed; a status still `processing` or `unknown`
 * means `poll`. A reply without a status (stored-card information) is `done`.
 *
 * @example
 * ```ts
 * import { nextStep } from "@card-processing/client";
 * const { data } = await gateway.saleForm(body);
 * const step = data && nextStep(data);
 * if (step?.action === "redirect") console.log("send the customer to", step.url); // a 303 to it
 * ```
 */
export function nextStep(reply: NextStepReply): NextStep {
  if (isRefusal(reply as unknown)) {
    return { action: "failed", message: reply["error-message"], serialNumber: reply["serial-number"] };
  }
  const status = reply.status;
  if (status !== undefined && isFinalStatus(status)) return { action: "done", status };
  const html = reply.html;
  if (typeof html === "string" && html.trim() !== "") return { action: "show-html", html };
  const url = reply["redirect-url"];
  if (typeof url === "string" && url.trim() !== "") return { action: "redirect", url };
  if (status === undefined) return { action: "done", status: undefined };
  const orderid = reply["paynet-order-id"];
  return {
    action: "poll",
    orderid: orderid === undefined ? undefined : String(orderid),
    clientOrderId: reply["merchant-order-id"],
  };
}
