import { fieldError } from "./signing-error.js";

// ISO 4217 active codes with a minor unit (the list maintained by SIX); fund and metal codes
// without a minor unit are left out. Written compactly, as it ships in every bundle: one group
// per first letter, holding the codes' last two letters, each followed by its exponent unless
// that is 2; "bambd...hd3if0" reads BAM 2, BBD 2, ..., BHD 3, BIF 0. Lowercase compresses better
// among the code around it. The test lists the codes plainly.
const CODES =
  "aedfnllmdngoarsudwgzn bambddtgnhd3if0mdndobovrlsdtnwpynzd caddfhehfhwlf4lp0nyopourcucupvezk djf0kkopzd " +
  "egprntbur fjdkp gbpelhsipmdnf0tqyd hkdnltguf idrlsnrqd3rrsk0 jmdod3py0 kesgshrmf0pwrw0wd3ydzt lakbpkrrdslyd3 " +
  "maddlgakdmkntopruurvrwkxnxvyrzn nadgniookprzd omr3 pabengkhpkrlnyg0 qar ronsdubwf0 " +
  "sarbdcrdgekgdhpleosrdsptnvcypzl thbjsmtnd3oprytdwdzs uahgx0sdsnyi0yuyw4zs vedesnd0uv0 wst xaf0cdcgof0pf0 yer zarmwwg";

const exponents = new Map<string, number>();
for (const group of CODES.split(" ")) {
  for (const [, code, exponent] of group.slice(1).matchAll(/([a-z]{2})(\d?)/g)) {
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
  const exponent = exponents.get(String(currency).toLowerCase());
  if (exponent === undefined) throw fieldError("ERR_CURRENCY_UNKNOWN", "currency", "expected an ISO 4217 code such as USD");
  return exponent;
}
