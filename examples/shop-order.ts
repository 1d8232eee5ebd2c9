// The shop's order as every example and guide sends it: one place for the sample customer.

/** The customer and order fields every card payment carries. */
export function shopOrder(clientOrderId: string, amount: string) {
  return {
    client_orderid: clientOrderId,
    order_desc: `Order ${clientOrderId}`,
    amount,
    currency: "USD",
    address1: "100 Main st",
    city: "Seattle",
    state: "WA",
    zip_code: "98102",
    country: "US",
    phone: "+12063582043",
    ipaddress: "65.153.12.232",
    email: "john.smith@example.com",
    redirect_url: "https://shop.example.com/return",
  };
}
