#!/usr/bin/env bash
# A signed sale and its status polled until final, with curl: the `control` of each request is
# the SHA-1 (sha1sum) of its terms and the control key, as the API reference's x-signature says.
# Needs bash, curl, sha1sum, cut, sed and sleep; no Node. Prints "FINAL-STATUS ORDERID".
#
#   SANDBOX_URL=http://127.0.0.1:8080/paynet bash sale.sh
#
# The example merchant (login sandbox-merchant, endpoint 1111, its published control key) unless
# LOGIN, ENDPOINT_ID or CONTROL_KEY say otherwise.
set -euo pipefail

url="${SANDBOX_URL:?set SANDBOX_URL, e.g. http://127.0.0.1:8080/paynet}"
login="${LOGIN:-sandbox-merchant}"
endpoint="${ENDPOINT_ID:-1111}"
key="${CONTROL_KEY:-B17F59B4-A7DC-41B4-8FF9-37D986B43D20}"
order="sh-$(date +%s)-$$"
amount=10.42
minor=1042 # the amount in minor units, as control signs it
email=john.smith@example.com

sha1() { printf '%s' "$1" | sha1sum | cut -d' ' -f1; }
# One field of a flat JSON reply ("name":"value").
field() { sed -n "s/.*\"$1\":\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p"; }

# Sale: control = SHA-1(endpoint id + client_orderid + amount in minor units + email + control key).
reply=$(curl -sS --fail-with-body -H 'Accept: application/vnd.pay+json' \
  --data-urlencode "client_orderid=$order" --data-urlencode "order_desc=Order $order" \
  --data-urlencode "amount=$amount" --data-urlencode currency=USD \
  --data-urlencode "address1=100 Main st" --data-urlencode city=Seattle --data-urlencode zip_code=98102 \
  --data-urlencode country=US --data-urlencode phone=+12063582043 --data-urlencode "email=$email" \
  --data-urlencode ipaddress=65.153.12.232 --data-urlencode "card_printed_name=JOHN SMITH" \
  --data-urlencode credit_card_number=4111111111111111 --data-urlencode expire_month=12 \
  --data-urlencode expire_year=2030 --data-urlencode cvv2=123 \
  --data-urlencode redirect_url=https://shop.example.com/return \
  --data-urlencode "control=$(sha1 "$endpoint$order$minor$email$key")" \
  "$url/api/v2/sale/$endpoint") || { echo "sale: $reply" >&2; exit 1; }
orderid=$(printf '%s' "$reply" | field paynet-order-id)
[ -n "$orderid" ] || { echo "sale: no paynet-order-id in $reply" >&2; exit 1; }

# Status until final: control = SHA-1(login + client_orderid + orderid + control key).
for _ in $(seq 1 100); do
  reply=$(curl -sS --fail-with-body -H 'Accept: application/vnd.pay+json' \
    --data-urlencode "login=$login" --data-urlencode "client_orderid=$order" \
    --data-urlencode "orderid=$orderid" --data-urlencode "control=$(sha1 "$login$order$orderid$key")" \
    "$url/api/v2/status/$endpoint") || { echo "status: $reply" >&2; exit 1; }
  status=$(printf '%s' "$reply" | field status)
  case "$status" in
    processing | unknown) sleep 0.1 ;;
    *) echo "$status $orderid"; exit 0 ;;
  esac
done
echo "status: still $status after 100 polls" >&2
exit 1
