// Installed with @card-processing/client only: what a shop writes against the gateway.
import { createGateway, type GatewayBody, GatewayError, nextStep } from "@card-processing/client";

const gateway = createGateway({
  baseUrl: "https://sandbox.gateway.example/paynet",
  endpointId: 1111,
  login: "shop",
  controlKey: "control-key",
});

const body: GatewayBody<"sale"> = {
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
};

export async function pay(): Promise<string> {
  const { data, error } = await gateway.sale(body);
  if (error instanceof GatewayError) return error.code;
  return data ? nextStep(data).action : "none";
}

// @ts-expect-error an operation the gateway does not have, so the types are not `any`
gateway.refundEverything();
