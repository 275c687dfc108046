/**
 * An order paid (or opened) through the sandbox gateway is a test (issue 35): no money moved, so
 * the checkout, the admin and the e-mails say so wherever the order appears.
 */
export function isTestOrder(order: { gateway: string | null }): boolean {
  return order.gateway === "sandbox";
}
