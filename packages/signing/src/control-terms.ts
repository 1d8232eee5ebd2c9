import type { OperationEntry } from "@card-processing/types";
import { toMinorUnits } from "./minor-units.js";
import { SigningError } from "./signing-error.js";

/** Where the value of one term comes from. */
type TermKind = "endpointId" | "login" | "amount" | "field";

interface Term {
  readonly kind: TermKind;
  readonly name: string;
  /** A required body field must be present; an optional one that is absent signs as "". */
  readonly required: boolean;
}

/** The values a control string is built from; `get` reads one body field. */
export interface TermSource {
  readonly endpointId: string | number | undefined;
  readonly login: string;
  get(field: string): string | null | undefined;
}

/** An operation's terms, resolved once so signing a request is a loop over plain records. */
export interface ControlTerms {
  readonly terms: readonly Term[];
  /** True when a term is `login`, so the signer adds `login` to a body that lacks it. */
  readonly needsLogin: boolean;
}

const compiled = new WeakMap<OperationEntry, ControlTerms>();

/** Resolves the terms of a control-signed operation (cached per entry). */
export function controlTermsOf(entry: OperationEntry): ControlTerms {
  let plan = compiled.get(entry);
  if (plan) return plan;
  if (entry.signature.scheme !== "control") {
    throw new SigningError(
      "ERR_OPERATION_UNKNOWN",
      `operation ${entry.operationId} is signed with ${entry.signature.scheme}, not with control`,
    );
  }
  const required = new Set(entry.requiredFields);
  const amounts = new Set(entry.amountFields);
  const terms = entry.signature.terms.map((name): Term => {
    const kind: TermKind =
      name === "endpointId" ? "endpointId" : name === "login" ? "login" : name === "amount" || amounts.has(name) ? "amount" : "field";
    return { kind, name, required: kind !== "login" && required.has(name) };
  });
  plan = { terms, needsLogin: terms.some((term) => term.kind === "login") };
  compiled.set(entry, plan);
  return plan;
}

function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Concatenates the term values in order: `endpointId` from the path, `login` from the body or
 * the credentials, amounts in minor units, absent optional fields as the empty string.
 */
export function controlString(plan: ControlTerms, source: TermSource): string {
  let out = "";
  for (const term of plan.terms) {
    switch (term.kind) {
      case "endpointId": {
        const id = source.endpointId;
        if (id === undefined || id === "") {
          throw new SigningError("ERR_FIELD_MISSING", "endpointId: the path parameter is required by the signature", {
            field: "endpointId",
          });
        }
        out += String(id);
        break;
      }
      case "login": {
        const login = source.get("login");
        out += present(login) ? login : source.login;
        break;
      }
      case "amount": {
        const amount = source.get(term.name);
        if (present(amount)) {
          const currency = source.get("currency");
          if (!present(currency)) {
            throw new SigningError("ERR_FIELD_MISSING", `currency: required to express ${term.name} in minor units`, {
              field: "currency",
            });
          }
          out += toMinorUnits(amount, currency);
        } else if (term.required) {
          throw missing(term.name);
        }
        break;
      }
      default: {
        const value = source.get(term.name);
        if (present(value)) out += value;
        else if (term.required) throw missing(term.name);
      }
    }
  }
  return out;
}

function missing(field: string): SigningError {
  return new SigningError("ERR_FIELD_MISSING", `${field}: required by the operation and part of its control signature`, {
    field,
  });
}
