"""A signed sale and its status polled until final, with Python's standard library only: the
`control` of each request is the SHA-1 of its terms and the control key, as the API reference's
x-signature says. Prints "FINAL-STATUS ORDERID".

    SANDBOX_URL=http://127.0.0.1:8080/paynet python3 sale.py

The example merchant (login sandbox-merchant, endpoint 1111, its published control key) unless
LOGIN, ENDPOINT_ID or CONTROL_KEY say otherwise.
"""

import hashlib
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

URL = os.environ["SANDBOX_URL"]
LOGIN = os.environ.get("LOGIN", "sandbox-merchant")
ENDPOINT = os.environ.get("ENDPOINT_ID", "1111")
KEY = os.environ.get("CONTROL_KEY", "B17F59B4-A7DC-41B4-8FF9-37D986B43D20")


def sha1(text):
    return hashlib.sha1(text.encode()).hexdigest()


def post(command, fields):
    request = urllib.request.Request(
        f"{URL}/api/v2/{command}/{ENDPOINT}",
        data=urllib.parse.urlencode(fields).encode(),
        headers={"Accept": "application/vnd.pay+json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.load(reply)
    except urllib.error.HTTPError as error:
        sys.exit(f"{command}: HTTP {error.code}: {error.read().decode()}")


order = f"py-{int(time.time())}-{os.getpid()}"
sale = {
    "client_orderid": order,
    "order_desc": f"Order {order}",
    "amount": "10.42",
    "currency": "USD",
    "address1": "100 Main st",
    "city": "Seattle",
    "zip_code": "98102",
    "country": "US",
    "phone": "+12063582043",
    "email": "john.smith@example.com",
    "ipaddress": "65.153.12.232",
    "card_printed_name": "JOHN SMITH",
    "credit_card_number": "4111111111111111",
    "expire_month": "12",
    "expire_year": "2030",
    "cvv2": "123",
    "redirect_url": "https://shop.example.com/return",
}
# control = SHA-1(endpoint id + client_orderid + amount in minor units + email + control key)
sale["control"] = sha1(f"{ENDPOINT}{order}1042{sale['email']}{KEY}")
orderid = post("sale", sale)["paynet-order-id"]

# control = SHA-1(login + client_orderid + orderid + control key)
status_request = {
    "login": LOGIN,
    "client_orderid": order,
    "orderid": orderid,
    "control": sha1(f"{LOGIN}{order}{orderid}{KEY}"),
}
for _ in range(100):
    status = post("status", status_request)["status"]
    if status not in ("processing", "unknown"):
        print(status, orderid)
        sys.exit(0)
    time.sleep(0.1)
sys.exit(f"status: still {status} after 100 polls")
