/**
 * Masks a value of a person's data for a log, by what the spec says it holds (`x-personal-data`),
 * keeping only what helps to tell two customers apart while debugging:
 * - `name`: the first letter of each word (`JOHN SMITH` → `J*** S***`);
 * - `email`: the first letter and the domain (`john.smith@gmail.com` → `j***@gmail.com`);
 * - `phone`: the last two digits (`+12063582043` → `***43`);
 * - `ip-address`: the network, IPv4's first three numbers and IPv6's first three groups
 *   (`65.153.12.232` → `65.153.12.*`);
 * - `address`, `birth-date`, `national-id`, `bank-account` and any other kind: nothing (`***`).
 * Stars never say how long the value was.
 *
 * @example
 * ```ts
 * import { maskPersonalData } from "@card-processing/client";
 * maskPersonalData("email", "john.smith@gmail.com"); // "j***@gmail.com"
 * ```
 */
export function maskPersonalData(kind: string, value: unknown): string {
  const text = String(value).trim();
  if (text === "") return "";
  switch (kind) {
    case "name":
      return text
        .split(/\s+/)
        .map((word) => `${[...word][0] ?? ""}***`)
        .join(" ");
    case "email": {
      const at = text.lastIndexOf("@");
      return at <= 0 ? "***" : `${[...text][0]}***@${text.slice(at + 1)}`;
    }
    case "phone": {
      const digits = text.replace(/\D/g, "");
      return digits.length < 6 ? "***" : `***${digits.slice(-2)}`;
    }
    case "ip-address":
      return ipNetwork(text);
    default:
      return "***";
  }
}

/** An IP address's network part: IPv4's first three numbers, IPv6's first three groups. */
function ipNetwork(text: string): string {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return `${text.split(".").slice(0, 3).join(".")}.*`;
  if (/^[0-9a-f:]+$/i.test(text) && text.includes(":")) {
    const groups = text.split(":").slice(0, 3);
    return groups.includes("") ? "***" : `${groups.join(":")}:*`;
  }
  return "***";
}
