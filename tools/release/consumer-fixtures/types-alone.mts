// Installed with @card-processing/types only: a consumer that types its own HTTP layer.
import {
  isFinalStatus,
  type OperationId,
  operationById,
  operationTable,
  type paths,
  type SaleRequest,
  type StatusResponse,
} from "@card-processing/types";

const sale: SaleRequest = {
  client_orderid: "902B4FF5",
  order_desc: "Order 902B4FF5",
  amount: "10.42",
  currency: "USD",
  address1: "100 Main st",
  city: "Seattle",
  zip_code: "98102",
  country: "US",
  phone: "+12063582043",
  ipaddress: "65.153.12.232",
  email: "john.smith@gmail.com",
  card_printed_name: "JOHN SMITH",
  credit_card_number: "4111111111111111",
  expire_month: "12",
  expire_year: "2030",
  cvv2: "123",
  redirect_url: "https://shop.example.com/return",
  control: "c6bdd88a78834ef4b863b088827a459f039e8257",
};

// @ts-expect-error a sale without its required fields is refused, so the types are not `any`
const incomplete: SaleRequest = { client_orderid: "902B4FF5" };

const scheme: "control" = operationTable["/api/v2/sale/{endpointId}"].signature.scheme;
const id: OperationId = "capture";
type SalePath = paths["/api/v2/sale/{endpointId}"];
const method: keyof SalePath = "post";

export function done(reply: StatusResponse): boolean {
  return isFinalStatus(reply.status);
}

export const used = [sale, incomplete, scheme, operationById(id).path, method];
