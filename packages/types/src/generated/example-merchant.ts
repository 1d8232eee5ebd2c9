// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:
// change the spec and run `pnpm generate` again.

/**
 * The one documented example merchant of the reference (the spec's `x-example-merchant`): its
 * login, endpoint id, control key and RSA test pair. Every request sample and example `control`
 * of the reference is signed with it, and a sandbox started on loopback with no key options
 * accepts it. Never use these values outside a sandbox.
 *
 * @example
 * ```ts
 * import { exampleMerchant } from "@card-processing/types";
 * exampleMerchant.endpointId; // 1111
 * ```
 */
export const exampleMerchant = {
  "login": "sandbox-merchant",
  "endpointId": 1111,
  "controlKey": "B17F59B4-A7DC-41B4-8FF9-37D986B43D20",
  "rsaPublicKeyPem": "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA16zwFnwhie94q5dYc6c/\nQeCZgLtZHIXvp7oIDtWnDQM1SZs6o8DXjdpek+aDjgIyWPjr8gfuVaSSDK9hXHZ/\nUTc3+/fV9MtfAPit2YOmnW+uEcXy8MUrnYypiJng7x54KyCyDON3WQjpUBlkyEz4\n7l2oPekYI+keoPOcHaxZb0hodSHuoVxlyT4w4rXzewlQ51ZmKqAFtN+TdBUwRFlO\n1BpNeH3/Gt2QrN//DId19PlnU0X0Cn1c/BTUw9SZXZxPQc/VY5qLI3/L8LZyFGc7\nvHXofKWA07/O9dnjqWaoKEy1xQVXF6Ub99FiAAs5RRAm+nBaXGXtL6pSQbfK7Z7W\nhQIDAQAB\n-----END PUBLIC KEY-----\n",
  "rsaPrivateKeyPem": "-----BEGIN PRIVATE KEY-----\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDXrPAWfCGJ73ir\nl1hzpz9B4JmAu1kche+nuggO1acNAzVJmzqjwNeN2l6T5oOOAjJY+OvyB+5VpJIM\nr2Fcdn9RNzf799X0y18A+K3Zg6adb64RxfLwxSudjKmImeDvHngrILIM43dZCOlQ\nGWTITPjuXag96Rgj6R6g85wdrFlvSGh1Ie6hXGXJPjDitfN7CVDnVmYqoAW035N0\nFTBEWU7UGk14ff8a3ZCs3/8Mh3X0+WdTRfQKfVz8FNTD1JldnE9Bz9Vjmosjf8vw\ntnIUZzu8deh8pYDTv8712eOpZqgoTLXFBVcXpRv30WIACzlFECb6cFpcZe0vqlJB\nt8rtntaFAgMBAAECggEAQaZtqpp8Zw1S8QBvtzyon7frYeklVe5bJfYVr9ZPNEHO\nvaoXrnLr6k0XTvPzBY4bn0OeJp1NahpfLqdP/qI/XQxu6S7mnM4vDA+mc7iERhYR\nqW1U5v9NqHaBwIf+lSr0L0STjiLLWHnC81PXfrUXbQ9rP/UtGPlEDoA4/DtTOfEE\nah/L+Ga8goCKRB/Fi4VZTV4PH6vxFqAQZrYY4B/Ac7pPRmWi2IyRUVNJqiXMqbe1\nwEvZB9vQ+XvaQ97JtRu0KitwTF4dacBv8Jyw6C74T4JNtbTig5NbIz2gaNJsXKh7\n5wLLv+EIEPZxlY7WxslhpPTBysj9iJGFc/RwiwMJ/QKBgQDw+9NGvc2tdwjBATd/\nXk4Oe9tmJGYnZothSZkoKIPu9dnRv7Aue/LR/qkjgdZcKgh6EUDoUvdPpt/lyZo6\nwXDv7XE3kXKqXMJ4MuVC4+KeNXBkOG6M1WbV0/k9A+icUpWH9QVXPDo6Utk3lANq\nF0dVGUZgDE2273Mjg2iyPLXvhwKBgQDlHWWFw57gpry8Q/jHgiMUFaNDTAJyaftA\nhAzuZuWZuYpfw13Oy9A4qCzV2e2LmXqg9FXmi1Rnh7s+d4aqYDJjbMHBkAK3n51Q\nPM05plmER4EoOuP2By2aLOQbgiCltgIDH9/u/Ho3nGP9+CvW24zir6MpEX/VApeU\n7JxeZIJUkwKBgAiUHmBNT24WZ7RfM7eQBt1TIWtQbmaGqv2Kni4kyxWNoPRri30M\nIofBNgoyjAv53xVhWdsrYOxv91Z5x8jBrCCOZlJhFiDkbnPS9ABelmmlY1vd+ml/\nC0sfYab/ZZ9y/Sm62jbRyQzceCkXVsvHCl4IKU4wAfA6M/IWsnpt2NgvAoGAGDod\njCF9YWAAQSAm5GHcd7k6BFm7QIH4cYAFJgh3auP1v96WwtFGeVc/NnXO6p4WG4L6\numAtUq1FnXtiIA4ABgdwDZm+z8/vAJcNVHVErfoprCleBZwItG7eyBHgheVTHSV3\ntnu4KL0+zZI6gIPCyA2ugR86lzmo8bR7bHfQWEUCgYAS/b52o4bqNR0zqyXHAcip\nBGXs6QtvAP4Q1y7RZgqkZPh+cRNRoJVdPfQoI+8Elj/1LvNcHFgwK3GNei9Q25n8\n+LYq6cCj6AR4fXxknX5ZB66I52U7g1+b+8tF89agbISLNTW5mAPTl580cSpWFg6j\nuKYWFOzVGDSqWgR5CPIKAw==\n-----END PRIVATE KEY-----\n"
} as const;
