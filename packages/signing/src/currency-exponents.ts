import { SigningError } from "./signing-error.js";

// ISO 4217 active codes with a minor unit (the list maintained by SIX). Most have 2 decimals; the
// exceptions are listed by exponent. Fund and metal codes without a minor unit are left out.
const TWO =
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
  "CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL " +
  "GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD " +
  "LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN " +
  "PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB " +
  "TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG";
const ZERO = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF";
const THREE = "BHD IQD JOD KWD LYD OMR TND";
const FOUR = "CLF UYW";

const exponents: ReadonlyMap<string, number> = new Map(
  (
    [
      [TWO, 2],
      [ZERO, 0],
      [THREE, 3],
      [FOUR, 4],
    ] as const
  ).flatMap(([codes, exponent]) => codes.split(" ").map((code) => [code, exponent] as const)),
);

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
  const exponent = exponents.get(currency) ?? exponents.get(currency.toUpperCase());
  if (exponent === undefined) {
    throw new SigningError(
      "ERR_CURRENCY_UNKNOWN",
      `currency ${JSON.stringify(currency.slice(0, 16))} is not an active ISO 4217 code with a minor unit`,
      { field: "currency" },
    );
  }
  return exponent;
}
