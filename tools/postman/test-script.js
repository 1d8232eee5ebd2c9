// The collection's test script: every request answers as the spec says, the sandbox included.
// `operations` (the `type` of each request's 200 example) and `errorCodes` (the spec's
// `x-error-codes`) are written above this file by tools/postman/postman-collection.ts.
/* global pm, operations, errorCodes */

const expected = operations[pm.info.requestId];
const reply = (() => {
  try {
    return pm.response.json();
  } catch {
    return undefined;
  }
})();

pm.test("the signature and the fields are accepted (no signature or invalid-request refusal)", () => {
  const code = reply?.["error-code"];
  pm.expect(code === errorCodes.signature || code === errorCodes["invalid-request"], reply?.["error-message"]).to.equal(
    false,
  );
});

pm.test(
  expected?.replyType
    ? `answers 200 with type ${expected.replyType}, or refuses for an order or reference the gateway does not have`
    : "answers 200, or refuses for an order or reference the gateway does not have",
  () => {
    if (pm.response.code === 400) {
      pm.expect(reply?.type).to.equal("validation-error");
      pm.expect([errorCodes["unknown-reference"], errorCodes["state-rule"]]).to.include(reply?.["error-code"]);
      return;
    }
    pm.expect(pm.response.code).to.equal(200);
    if (expected?.replyType) pm.expect(reply?.type).to.equal(expected.replyType);
  },
);
