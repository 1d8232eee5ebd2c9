import { cvv2TestValues } from "./cvv2-test-values.js";
import { testCardsWithoutCvv2 } from "./payout-test-values.js";
import { testCards } from "./test-cards.js";

/** The card fields of a payment request, as `testCard` fills them in. */
export interface TestCardFields {
  readonly credit_card_number: string;
  readonly card_printed_name: string;
  readonly expire_month: string;
  readonly expire_year: string;
  readonly cvv2: string;
}

/** Which test card to use: a number of `testCards` or `testCardsWithoutCvv2`, a CVV2 of `cvv2TestValues`. */
export interface TestCardChoice {
  /** Default `4111111111111111`, the Visa whose outcome the CVV2 decides. */
  readonly number?: string;
  /** Default `123`, approved. */
  readonly cvv2?: string;
}

/**
 * The card fields of one of the sandbox's documented test cards, ready to spread into a payment's
 * body: the number and CVV2 say what the sandbox does (`testCards`, `cvv2TestValues`), the holder is
 * `JOHN SMITH` and the card expires in December three years from now (the expiry never decides).
 * A number or CVV2 that is not a test value is refused with a `RangeError` naming the field, never
 * the value, so a real card cannot slip into a test.
 *
 * @example
 * ```ts
 * import { createGateway } from "@card-processing/client";
 * import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
 *
 * const sandbox = await startSandbox();
 * const gateway = createGateway({ baseUrl: sandbox.url, endpointId: sandbox.endpointId, login: sandbox.login, controlKey: sandbox.controlKey });
 * const declined = await gateway.sale({ ...sampleOrder("order-1"), ...testCard({ cvv2: "116" }) });
 * const threeDs = await gateway.sale({ ...sampleOrder("order-2"), ...testCard({ number: "4000000000003220" }) });
 * console.log(declined.data?.type, threeDs.data?.type); // "async-response" "async-response"
 * await sandbox.close();
 * ```
 */
export function testCard(choice: TestCardChoice = {}): TestCardFields {
  const { number = "4111111111111111", cvv2 = "123" } = choice;
  if (testCards[number] === undefined && testCardsWithoutCvv2[number] === undefined) {
    throw new RangeError("testCard: number is not one of the sandbox's testCards or testCardsWithoutCvv2");
  }
  if (cvv2TestValues[cvv2] === undefined) {
    throw new RangeError(
      `testCard: cvv2 is not one of the sandbox's cvv2TestValues (${Object.keys(cvv2TestValues).join(", ")})`,
    );
  }
  return {
    credit_card_number: number,
    card_printed_name: "JOHN SMITH",
    expire_month: "12",
    expire_year: String(new Date().getUTCFullYear() + 3),
    cvv2,
  };
}
