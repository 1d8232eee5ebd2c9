import type { Order, PendingOutcomeName, ThreeDSecureState } from "../orders/order.js";
import { expirePageWhenDue, type PageEngine } from "../time/page-lifetime.js";

// The documented window of the 3-D Secure method step; after it the indicator is `N`.
const METHOD_STEP_WINDOW_MS = 10_000;

/** What the 3-D Secure step needs of the engine (the `GatewayEngine` passes itself). */
export interface AuthenticatingGateway extends PageEngine {
  readonly options: { readonly pageLifetimeMs: number; readonly log: (line: string) => void };
  changed(order: Order): void;
  process(order: Order, type: string, amountMinor: bigint, outcome: PendingOutcomeName): void;
}

/** Starts the 3-D Secure step of a card order. */
export function authenticate(engine: AuthenticatingGateway, order: Order, version: ThreeDSecureState["version"]): void {
  // An order from the hosted page keeps the expiry its page link was given.
  if (order.phase !== "awaiting-form") expirePageWhenDue(engine, order);
  order.phase = "authenticating";
  const tds: ThreeDSecureState = { version, stage: version === "2.x-challenge" ? "method" : "challenge" };
  order.threeDSecure = tds;
  engine.options.log(`order ${order.orderid} ${order.kind} waits for 3-D Secure ${version} authentication`);
  engine.changed(order);
  if (tds.stage === "method") methodWindow(engine, order, tds);
}

/** Ends the method step of `tds` after its window (`threeDSCompInd=N`) unless it completed first. */
export function methodWindow(engine: AuthenticatingGateway, order: Order, tds: ThreeDSecureState): void {
  engine.clock.schedule(
    METHOD_STEP_WINDOW_MS,
    () => {
      if (tds.stage !== "method" || order.threeDSecure !== tds) return;
      tds.methodCompletion = "N";
      tds.stage = "challenge";
      engine.changed(order);
      engine.options.log(
        `order ${order.orderid} 3-D Secure method step not completed within 10 s (threeDSCompInd=N); challenge next`,
      );
    },
    `3-D Secure method window of order ${order.orderid}`,
  );
}

/** Records the authentication result and continues the order with the card's outcome. */
export function completeAuthentication(
  engine: AuthenticatingGateway,
  order: Order,
  result: NonNullable<ThreeDSecureState["result"]>,
  via: string,
): void {
  const tds = order.threeDSecure;
  if (tds === undefined) return;
  tds.stage = "done";
  tds.result = result;
  engine.options.log(`order ${order.orderid} 3-D Secure ${result} (${via})`);
  engine.journal.note(order, `3-D Secure ${result} (${via})`);
  engine.process(order, order.kind, order.amountMinor, "card");
}
