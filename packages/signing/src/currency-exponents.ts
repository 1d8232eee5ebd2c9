import { fieldError } from "./signing-error.js";

// ISO 4217 active codes with a minor unit (the list maintained by SIX); fund and metal codes
// without a minor unit are left out. Written compactly, as it ships in every bundle: one group
// per first letter, holding the codes' last two letters, each followed by its exponent unless
// that is 2. "BAMBD...HD3IF0" reads BAM 2, BBD 2, ..., BHD 3, BIF 0. The test lists them plainly.
const CODES =
  "AEDFNLLMDNGOARSUDWGZN BAMBDDTGNHD3IF0MDNDOBOVRLSDTNWPYNZD CADDFHEHFHWLF4LP0NYOPOURCUCUPVEZK DJF0KKOPZD " +
  "EGPRNTBUR FJDKP GBPELHSIPMDNF0TQYD HKDNLTGUF IDRLSNRQD3RRSK0 JMDOD3PY0 KESGSHRMF0PWRW0WD3YDZT LAKBPKRRDSLYD3 " +
  "MADDLGAKDMKNTOPRUURVRWKXNXVYRZN NADGNIOOKPRZD OMR3 PABENGKHPKRLNYG0 QAR RONSDUBWF0 " +
  "SARBDCRDGEKGDHPLEOSRDSPTNVCYPZL THBJSMTND3OPRYTDWDZS UAHGX0SDSNYI0YUYW4ZS VEDESND0UV0 WST XAF0CDCGOF0PF0 YER ZARMWWG";

const exponents = new Map<string, number>();
for (const group of CODES.split(" ")) {
  for (const [, code, exponent] of group.slice(1).matchAll(/([A-Z]{2})(\d?)/g)) {
    exponents.set(group[0] + (code as string), Number(exponent || 2));
  }
}

/**
 * The ISO 4217 exponent of a currency: how many decimal places its minor unit has.
 *
 * @throws {SigningError} `ERR_CURRENCY_UNKNOWN` for a code outside the active ISO 4217 list.
 * @example
 * ```ts
 * import { currencyExponent } from "@card-processing/signing";
 * currencyExponent("USD"); // 2
 * currencyExponent("JPY"); // 0
 * currencyExponent("KWD"); // 3
 * ```
 */
export function currencyExponent(currency: string): number {
  const exponent = exponents.get(String(currency).toUpperCase());
  if (exponent === undefined) throw fieldError("ERR_CURRENCY_UNKNOWN", "currency", "expected an ISO 4217 code with a minor unit, such as USD");
  return exponent;
}
