// Turns an `x-signature` rule into the sentence a reader of the reference needs: which scheme,
// and for the control digest, the terms in the order they are concatenated.

const TERM_NOTES = {
  amount: "(minor units)",
};

const OAUTH = {
  "oauth-hmac-sha1":
    "Signed with OAuth 1.0a HMAC-SHA1 in the `Authorization` header, keyed with the merchant control key followed by `&`.",
  "oauth-rsa-sha256":
    "Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.",
};

function term(name) {
  const note = TERM_NOTES[name];
  return note ? `\`${name}\` ${note}` : `\`${name}\``;
}

/**
 * Describes a signature rule (`{ scheme, terms, "x-assumed"?, description? }`) as Markdown prose,
 * or returns `undefined` when the rule is missing or malformed. `verified` words it for a message
 * the merchant receives (callback, customer return) rather than one it sends.
 *
 * @example
 * signatureProse({ scheme: "control", terms: ["endpointId", "amount"] });
 * // "Signed with the control digest: SHA-1 of `endpointId` + `amount` (minor units) + merchant control key, sent as `control`."
 */
export function signatureProse(rule, { verified = false } = {}) {
  if (!rule || typeof rule !== "object" || typeof rule.scheme !== "string") return undefined;
  let sentence;
  if (rule.scheme === "control") {
    const terms = Array.isArray(rule.terms) ? rule.terms : [];
    const formula = [...terms.map(term), "merchant control key"].join(" + ");
    sentence = verified
      ? `Verify \`control\`, the control digest: SHA-1 of ${formula} (lowercase hex), before trusting the values.`
      : `Signed with the control digest: SHA-1 of ${formula}, sent as \`control\` (lowercase hex).`;
  } else if (rule.scheme in OAUTH) {
    sentence = OAUTH[rule.scheme];
  } else if (rule.scheme === "none") {
    sentence = "Not signed.";
  } else {
    return undefined;
  }
  if (rule["x-assumed"] === true) {
    const why =
      typeof rule.description === "string" && rule.description.trim() !== ""
        ? rule.description.trim()
        : "no source states this rule.";
    sentence += ` **Assumed rule:** ${why}`;
  }
  return `**Signature.** ${sentence}`;
}
