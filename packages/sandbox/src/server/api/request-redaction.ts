import { maskCardNumber, maskCardNumbersInText } from "@card-processing/signing";

// Fields never kept: security codes, one-time codes, signatures, passwords, keys.
const DROPPED = /^(cvv2?|cvc2?|otp|control|password|.*secret.*|.*_key|oauth_signature|signature)$/i;
// Fields that hold a card or account number: masked whole, whatever they hold.
const CARD_NUMBER = /(card[-_]?(number|no)|^pan$|account[-_]?number)/i;

/**
 * The fields of an API request as the sandbox may keep and show them, by signing's one masking
 * rule: card-number fields cut to their first six and last four digits, and every card number in
 * any other name or value too (`order_desc=card 5555-5555-5555-4444`); CVV, `control`, passwords,
 * keys and signatures left out. Runs on every request: a text shorter than 13 characters cannot
 * hold a card number's 13 digits and is kept as it is; a longer one with fewer than 13 digits is
 * kept after one pass over its characters.
 */
export function redactedFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  // `for...in`, not `Object.entries`: no [name, value] array per field of every request.
  for (const name in fields) {
    if (DROPPED.test(name)) continue;
    const value = fields[name] ?? "";
    kept[maskedText(name)] = CARD_NUMBER.test(name) ? maskCardNumber(value) : maskedText(value);
  }
  return kept;
}

function maskedText(text: string): string {
  return text.length < 13 ? text : maskCardNumbersInText(text);
}
