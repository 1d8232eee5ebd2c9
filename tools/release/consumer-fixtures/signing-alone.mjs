// Installed with @card-processing/signing only: a control digest and an OAuth signature.
import { controlDigest, createMemoryNonceStore, signOAuth, verifyOAuth } from "@card-processing/signing";

const control = await controlDigest(
  ["1111", "902B4FF5", "1042", "john.smith@gmail.com"],
  "B17F59B4-A7DC-41B4-8FF9-37D986B43D20",
);
const rfc5849 = await signOAuth(
  {
    scheme: "oauth-hmac-sha1",
    consumerKey: "dpf43f3p2l4k3l03",
    controlKey: "kd94hf93k423kf44",
    token: "nnch734d00sl2jdk",
    tokenSecret: "pfkkdhi9sl3r4s00",
    includeVersion: false,
    now: () => 137131202_000,
    nonce: () => "chapoH",
  },
  { method: "GET", url: "http://photos.example.net/photos?file=vacation.jpg&size=original" },
);
const url = "https://sandbox.gateway.example/paynet/api/v2/payout/1111";
const body = new URLSearchParams({ client_orderid: "PO-1", amount: "25.00", currency: "USD" });
const { authorization } = await signOAuth(
  { scheme: "oauth-hmac-sha1", consumerKey: "shop", controlKey: "k3y" },
  { method: "POST", url, body },
);
const verified = await verifyOAuth({
  method: "POST",
  url,
  body,
  authorization,
  scheme: "oauth-hmac-sha1",
  controlKey: "k3y",
  nonceStore: createMemoryNonceStore(),
});
console.log(JSON.stringify({ control, signature: rfc5849.signature, verified }));
