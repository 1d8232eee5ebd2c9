import { checkingTheGateway } from "./content/checking-the-gateway.ts";
import { goingLive } from "./content/going-live.ts";
import { holdAndSettle } from "./content/hold-and-settle.ts";
import { hostedPaymentPage } from "./content/hosted-payment-page.ts";
import { keysAndSignatures } from "./content/keys-and-signatures.ts";
import { lostFollowUpReplies } from "./content/lost-follow-up-replies.ts";
import { movingFromThePhpLibrary } from "./content/moving-from-the-php-library.ts";
import { payouts } from "./content/payouts.ts";
import { receivingCallbacks } from "./content/receiving-callbacks.ts";
import { reconcilingWithTheGateway } from "./content/reconciling-with-the-gateway.ts";
import { runningInProduction } from "./content/running-in-production.ts";
import { serverlessFunctions } from "./content/serverless-functions.ts";
import { storedCards } from "./content/stored-cards.ts";
import { takeACardPayment } from "./content/take-a-card-payment.ts";
import { testingCheckoutInABrowser } from "./content/testing-checkout-in-a-browser.ts";
import { testingWithTheSandbox } from "./content/testing-with-the-sandbox.ts";
import { threeDSecure } from "./content/three-d-secure.ts";
import { whenTheReplyIsLost } from "./content/when-the-reply-is-lost.ts";
import type { Guide } from "./guide.ts";

/** Every guide, in the order a newcomer reads them. */
export const allGuides: readonly Guide[] = [
  takeACardPayment,
  hostedPaymentPage,
  threeDSecure,
  holdAndSettle,
  storedCards,
  payouts,
  whenTheReplyIsLost,
  lostFollowUpReplies,
  reconcilingWithTheGateway,
  keysAndSignatures,
  receivingCallbacks,
  serverlessFunctions,
  testingWithTheSandbox,
  testingCheckoutInABrowser,
  goingLive,
  runningInProduction,
  checkingTheGateway,
  movingFromThePhpLibrary,
];
