/** Every order of the sandbox at `sandboxUrl`, newest first, read page by page from `GET /_admin/orders`. */
export async function everyAdminOrder<Order>(sandboxUrl: string): Promise<Order[]> {
  const orders: Order[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page = (await (await fetch(`${sandboxUrl}/_admin/orders?limit=500&cursor=${cursor}`)).json()) as {
      orders: Order[];
      next_cursor: string | null;
    };
    orders.push(...page.orders);
    cursor = page.next_cursor;
  }
  return orders;
}
