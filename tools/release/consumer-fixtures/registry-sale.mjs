// Installed with @card-processing/client and @card-processing/sandbox from a registry: a signed
// sale against the sandbox, waited for until its final status.
import { createGateway } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";

const sandbox = await startSandbox({ latencyMs: 10 });
try {
  const gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
  });
  const { data, error } = await gateway.sale({
    client_orderid: "REHEARSAL-1",
    order_desc: "Rehearsal",
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
  });
  if (error) throw error;
  const final = await gateway.waitForFinalStatus({ client_orderid: "REHEARSAL-1", orderid: data["paynet-order-id"] });
  console.log(JSON.stringify({ status: final.data?.status, orderid: data["paynet-order-id"] }));
} finally {
  await sandbox.close();
}
