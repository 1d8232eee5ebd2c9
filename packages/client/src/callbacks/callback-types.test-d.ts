import type { CallbackParams, TransactionType } from "@card-processing/types";
import { describe, expectTypeOf, it } from "vitest";
import type { VerifiedCallback } from "./callback.js";
import type { CallbackEvent, CallbackHandlerOptions } from "./callback-handler-options.js";

describe("a verified callback's types", () => {
  it("types every field as the string a query string holds, the amount included", () => {
    expectTypeOf<CallbackParams["amount"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<VerifiedCallback["unsigned"]["amount"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<VerifiedCallback["unsigned"]["currency"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<VerifiedCallback["orderid"]>().toEqualTypeOf<string>();
  });

  it("types type as the spec's TransactionType", () => {
    expectTypeOf<VerifiedCallback["unsigned"]["type"]>().toEqualTypeOf<TransactionType | undefined>();
  });

  it("hands onCallback the event beside the callback", () => {
    expectTypeOf<Parameters<CallbackHandlerOptions["onCallback"]>>().toEqualTypeOf<[VerifiedCallback, CallbackEvent]>();
  });
});
