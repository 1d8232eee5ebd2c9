// Where card numbers are in a text, however they are spelled: the scan behind signing's one
// masking rule (card-number-mask.ts).

/** A card number found in a text: its place in the text (`start` to `end`, end excluded) and its digits. */
export interface FoundCardNumber {
  readonly start: number;
  readonly end: number;
  readonly digits: string;
}

/** A run of digits in the text, however each is written (`4`, `４`, `%34`). */
interface DigitGroup {
  start: number;
  end: number;
  digits: string;
}

// At most this many separator characters between two groups of one card number (`5555 - 5555`).
const MAX_SEPARATORS = 3;
// A group of fewer digits ends a run: dates, times and amounts (`2026-01-01 12:00`, `10.42`) are
// not joined into a card number, whose groups have 3 digits or more.
const MIN_GROUP = 3;

// One character as the scan reads it: a `%XX` escape (the byte it encodes) or one code point.
const CHARACTER = /%([0-9a-f]{2})|./gisu;

/**
 * What a character is once NFKC-normalised (fullwidth `５` is `5`) and with `%XX` read as the byte
 * it encodes: a digit (its ASCII form), `" "` for a separator (anything not a letter or digit:
 * spaces, tabs, NBSP, dots, dashes, `+`, `%20`), or `""` for a letter or another alphanumeric.
 */
function kindOf(char: string, hex: string | undefined): string {
  const code = hex === undefined ? char.charCodeAt(0) : Number.parseInt(hex, 16);
  if (code < 128)
    return code >= 48 && code <= 57 ? String.fromCharCode(code) : (code | 32) > 96 && (code | 32) < 123 ? "" : " ";
  // A byte past ASCII is a piece of a UTF-8 character (`%C2%A0`, NBSP): read as a separator.
  const normal = hex === undefined ? char.normalize("NFKC") : " ";
  return /^\d$/.test(normal) ? normal : /[\p{L}\p{N}]/u.test(normal) ? "" : " ";
}

/**
 * The card numbers in a text: 13 to 19 digits that pass the Luhn check and do not start with 0,
 * written whole or in groups of 3 or more digits split by up to three separator characters, taking
 * from each run of groups the longest span from the left (`ref 1234 4111 1111 1111 1111` gives
 * the last four groups, `4111111111111111-2024` the first).
 */
export function findCardNumbers(text: string): FoundCardNumber[] {
  const found: FoundCardNumber[] = [];
  let run: DigitGroup[] = [];
  let group: DigitGroup | undefined;
  let separators = 0;
  // A letter after the text ends its last group and run like any other letter.
  for (const { 0: char, 1: hex, index: i } of `${text}a`.matchAll(CHARACTER)) {
    const kind = kindOf(char, hex);
    if (kind !== "" && kind !== " ") {
      if (group === undefined && separators > MAX_SEPARATORS) run = takeCardNumbers(run, found);
      group ??= { start: i, end: i, digits: "" };
      group.digits += kind;
      group.end = i + char.length;
      continue;
    }
    if (group !== undefined) {
      if (group.digits.length < MIN_GROUP) run = takeCardNumbers(run, found);
      else run.push(group);
      group = undefined;
      separators = 0;
    }
    if (kind === "") run = takeCardNumbers(run, found);
    separators += 1;
  }
  return found;
}

/** Adds the card numbers of one run of digit groups to `found`, and gives a new empty run. */
function takeCardNumbers(run: readonly DigitGroup[], found: FoundCardNumber[]): DigitGroup[] {
  for (let rest = run; rest.length > 0; ) {
    const start = rest[0]?.start ?? 0;
    let taken: FoundCardNumber | undefined;
    let used = 1;
    let digits = "";
    for (const [n, group] of rest.entries()) {
      digits += group.digits;
      if (digits.length > 19) break;
      if (isCardNumberShaped(digits)) [taken, used] = [{ start, end: group.end, digits }, n + 1];
    }
    if (taken !== undefined) found.push(taken);
    rest = rest.slice(used);
  }
  return [];
}

/** True when `digits` (digits only) passes the Luhn check. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * True for 13 to 19 digits that pass the Luhn check and do not start with 0 (no payment card's
 * issuer number does, ISO/IEC 7812): what a card number looks like. Without the last rule a run of
 * zeros, such as the serial number `00000000-0000-0000-0000-0000026f8e3a`, would pass.
 */
function isCardNumberShaped(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && digits[0] !== "0" && passesLuhn(digits);
}
