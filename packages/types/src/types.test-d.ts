import { describe, expectTypeOf, it } from "vitest";
import {
  type OperationById,
  type OperationPath,
  operationTable,
  type paths,
  type SaleRequest,
  type StatusResponse,
} from "./index.js";

type SaleBody =
  paths["/api/v2/sale/{endpointId}"]["post"]["requestBody"]["content"]["application/x-www-form-urlencoded"];
type StatusOk = paths["/api/v2/status/{endpointId}"]["post"]["responses"]["200"]["content"]["application/vnd.pay+json"];

describe("generated types", () => {
  it("require client_orderid in the sale body", () => {
    expectTypeOf<SaleBody>().toEqualTypeOf<SaleRequest>();
    expectTypeOf<SaleBody["client_orderid"]>().toEqualTypeOf<string>();
    // @ts-expect-error client_orderid is required
    const missing: SaleBody = { amount: "10.42" } as Omit<SaleBody, "client_orderid">;
    void missing;
  });

  it("type the status 200 as the status response", () => {
    expectTypeOf<StatusOk>().toEqualTypeOf<StatusResponse>();
    expectTypeOf<StatusOk["status"]>().toEqualTypeOf<
      "processing" | "approved" | "declined" | "error" | "filtered" | "unknown"
    >();
  });

  it("list capture's signature terms in order in the table", () => {
    expectTypeOf(operationTable["/api/v2/capture/{endpointId}"].signature.terms).toEqualTypeOf<
      readonly ["login", "client_orderid", "orderid", "amount", "currency"]
    >();
    expectTypeOf<OperationById<"capture">["path"]>().toEqualTypeOf<"/api/v2/capture/{endpointId}">();
  });

  it("type a whole table entry with the spec's literal values, readonly throughout", () => {
    expectTypeOf(operationTable["/api/v4/payout/{endpointId}"]).toEqualTypeOf<{
      readonly operationId: "payoutV4";
      readonly path: "/api/v4/payout/{endpointId}";
      readonly signature: { readonly scheme: "oauth-rsa-sha256"; readonly terms: readonly []; readonly assumed: false };
      readonly requiredFields: readonly ["client-order-id", "amount", "currency"];
      readonly amountFields: readonly ["amount"];
      readonly clientOrderIdFields: readonly ["client-order-id"];
      readonly cardNumberFields: readonly ["credit_card_number"];
      readonly secretFields: readonly [];
      readonly movesMoney: true;
      readonly replyShape: "object";
      readonly replyNumberFields: readonly ["error-code"];
      readonly replyTypes: readonly [];
      readonly replyRequiredFields: readonly ["type", "paynet-order-id"];
      readonly reportTypes: readonly [];
      readonly groupPath: "/api/v4/payout/group/{endpointGroupId}";
    }>();
  });

  it("refuse a misspelt field or path", () => {
    // @ts-expect-error the field is client_orderid
    const misspelt: Partial<SaleBody> = { client_order_id: "902B4FF5" };
    void misspelt;
    // @ts-expect-error no such operation
    const path: OperationPath = "/api/v2/sales/{endpointId}";
    void path;
  });
});
