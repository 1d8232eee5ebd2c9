// Fields never kept: security codes, one-time codes, signatures, passwords, keys.
const DROPPED = /^(cvv2?|cvc2?|otp|control|password|.*secret.*|.*_key|oauth_signature|signature)$/i;
// Fields that hold a card or account number.
const CARD_NUMBER = /(card[-_]?(number|no)|^pan$|account[-_]?number)/i;
// A long run of digits in any other field could be a card number sent in the wrong place.
const DIGITS = /^[0-9 -]{13,23}$/;

/** A card number as its first six and last four digits: `411111…1111`. */
export function maskedCardNumber(value: string): string {
  const digits = value.replace(/[^0-9]/g, "");
  if (digits.length < 12) return "…";
  return `${digits.slice(0, 6)}…${digits.slice(-4)}`;
}

/**
 * The fields of an API request as the sandbox may keep and show them: card numbers cut to first
 * six and last four digits; CVV, `control`, passwords, keys and signatures left out.
 */
export function redactedFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (DROPPED.test(name)) continue;
    const isCardNumber = CARD_NUMBER.test(name) || (DIGITS.test(value) && value.replace(/[^0-9]/g, "").length >= 13);
    kept[name] = isCardNumber ? maskedCardNumber(value) : value;
  }
  return kept;
}
