// Keys and signatures: generate the RSA pair (PKCS#8 and PKCS#1), see the control terms of an
// operation, compute control by hand, and read a "control does not match" refusal.
import { generateKeyPairSync } from "node:crypto";
import { createGateway } from "@card-processing/client";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { controlDigest, signRequest, toMinorUnits } from "@card-processing/signing";
import { operationTable } from "@card-processing/types";

// 1. The RSA pair of v4 operations: 2048 bits or more. Keep the private key in your secret store;
//    give the public key (SPKI PEM) to the gateway. PKCS#8 and PKCS#1 PEM both work as privateKey.
const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pkcs8 = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(); // -----BEGIN PRIVATE KEY-----
const pkcs1 = pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString(); // -----BEGIN RSA PRIVATE KEY-----
const publicKey = pair.publicKey.export({ type: "spki", format: "pem" }).toString(); // -----BEGIN PUBLIC KEY-----
// The same with OpenSSL:  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out private.pem
//                         openssl pkey -in private.pem -pubout -out public.pem

const sandbox = await startSandbox({ publicKey, latencyMs: 50 });
const settings = {
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
};

try {
  for (const [form, privateKey] of [
    ["PKCS#8", pkcs8],
    ["PKCS#1", pkcs1],
  ] as const) {
    const gateway = createGateway({ ...settings, privateKey });
    const payout = await gateway.payoutV4({
      "client-order-id": `keys-${form}-${Date.now().toString(36)}`,
      amount: "1.00",
      currency: "USD",
      credit_card_number: "4111111111111111",
      card_printed_name: "JOHN SMITH",
      expire_month: "12",
      expire_year: "2030",
    });
    expectThat(payout.error === undefined, `a v4 payout signed with the ${form} key is accepted`);
  }

  // 2. The control terms of an operation come from the spec, through the operation table.
  const sale = operationTable["/api/v2/sale/{endpointId}"];
  console.log(`  sale's control = SHA-1 of ${[...sale.signature.terms, "control key"].join(" + ")}`);

  // 3. Compute control by hand and compare with the SDK's: the amount is signed in minor units.
  const body = { ...sampleOrder(`keys-${Date.now().toString(36)}`), ...testCard() };
  const values: Record<string, string> = {
    ...body,
    endpointId: String(settings.endpointId),
    login: settings.login,
    amount: toMinorUnits(body.amount, body.currency),
  };
  const byHand = await controlDigest(
    sale.signature.terms.map((term) => values[term] ?? ""),
    settings.controlKey,
  );
  const bySdk = await signRequest({
    entry: sale,
    body,
    url: `${settings.baseUrl}/api/v2/sale/${settings.endpointId}`,
    keys: settings,
  });
  expectThat(byHand === bySdk.fields.control, "control computed by hand equals the SDK's");

  // 4. A wrong control key: the gateway refuses with "control does not match" and names the terms.
  const wrongKey = createGateway({ ...settings, controlKey: "not-the-merchant-control-key" });
  const refused = await wrongKey.sale(body);
  expectThat(refused.error?.message.includes("control does not match") === true, `refused: ${refused.error?.message}`);
} finally {
  await sandbox.close();
}

// What this page's program takes as given: its checks.
/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
