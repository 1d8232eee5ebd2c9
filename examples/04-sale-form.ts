// A sale on the hosted page: the merchant never sees the card; it sends the customer to the page.

import { sampleOrder } from "@card-processing/sandbox";
import { gateway, newOrderId, unwrap } from "./gateway-from-env.js";

const clientOrderId = newOrderId("form");
const reply = unwrap(await gateway.saleForm(sampleOrder(clientOrderId, { amount: "15.00" })));
console.log(`  hosted payment page for ${clientOrderId}: ${reply["redirect-url"]}`);

const page = await fetch(reply["redirect-url"]);
const title = /<h1>([^<]*)<\/h1>/.exec(await page.text())?.[1];
console.log(`  the page answers ${page.status}: "${title}" (open it in a browser and pay with 4111111111111111)`);
if (page.status !== 200) process.exit(1);
