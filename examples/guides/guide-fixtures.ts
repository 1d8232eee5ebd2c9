// What every guide shares: the shop's order fields, the sandbox's test cards, sandbox time for the
// status poller, and a check that stops the guide when the flow did not go as the page says.
import type { PollClock } from "@card-processing/client";
import type { Sandbox } from "@card-processing/sandbox";

export { shopOrder } from "../shop-order.js";

/** A card with its holder and expiry; on the sandbox the CVV2 decides the outcome (123 approves). */
export function testCard(number: string, cvv2 = "123") {
  return { credit_card_number: number, card_printed_name: "JOHN SMITH", expire_month: "12", expire_year: "2030", cvv2 };
}

/**
 * Sandbox time for `waitForFinalStatus`: each wait of the poller advances the sandbox's manual
 * clock instead of sleeping, so the documented 3–5 s cadence costs no real time.
 */
export function sandboxTime(sandbox: Sandbox): PollClock {
  return {
    now: () => sandbox.clock.now().getTime(),
    sleep: async (ms) => {
      await sandbox.clock.advance(ms);
    },
  };
}

/** Prints what happened; throws (the guide exits 1) when it is not what the guide promises. */
export function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
