// A 3-D Secure 2 sale: the status asks for a challenge; the merchant uploads the CRes it received.
import { nextStep } from "@card-processing/client";
import { sampleOrder, testCard } from "@card-processing/sandbox";
import { gateway, newOrderId, unwrap } from "./gateway-from-env.js";

const clientOrderId = newOrderId("3ds");
const ack = unwrap(
  await gateway.sale({
    ...sampleOrder(clientOrderId, { amount: "24.00" }),
    ...testCard({ number: "4000000000003220" }),
  }),
);
const order = { client_orderid: clientOrderId, orderid: ack["paynet-order-id"] };

const pending = unwrap(await gateway.status(order));
const step = nextStep(pending);
console.log(
  `  status ${pending.status}; next step: ${step.action} (the 3-D Secure page at ${pending["redirect-url"]})`,
);

// The customer would complete the challenge at that address; the issuer's ACS then posts the CRes
// back through the merchant. The sandbox's CRes is base64url JSON with transStatus Y (authenticated).
unwrap(
  await gateway.uploadMethodUrlResult({
    "client-order-id": clientOrderId,
    orderid: order.orderid,
    threeDSCompInd: "Y",
  }),
);
console.log("  method step reported (threeDSCompInd=Y)");
const cres = Buffer.from(JSON.stringify({ transStatus: "Y" })).toString("base64url");
unwrap(await gateway.uploadCresResult({ "client-order-id": clientOrderId, orderid: order.orderid, cRes: cres }));
console.log("  CRes uploaded");

const final = unwrap(await gateway.waitForFinalStatus(order));
console.log(`  final: ${final.status}, 3-D Secure ${final["three-ds-result"]}`);
if (final.status !== "approved") process.exit(1);
