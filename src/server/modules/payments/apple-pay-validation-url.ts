/**
 * The hosts Apple documents for merchant validation ("Setting up your server", Apple Pay on the
 * Web: the two global names, the regional pods they resolve to, and the sandbox's `-cert` names).
 * The Apple Pay session route forwards the sheet's `validationURL` to Moyasar, which then calls
 * it with the shop's merchant identity: a URL from anywhere else would make the shop (through its
 * provider) send requests where a caller chooses, so anything off this list is refused (issue 35).
 */
const appleMerchantValidationHosts: ReadonlySet<string> = new Set([
  "apple-pay-gateway.apple.com",
  "cn-apple-pay-gateway.apple.com",
  ...[1, 2, 3, 4, 5].flatMap((pod) => [
    `apple-pay-gateway-nc-pod${pod}.apple.com`,
    `apple-pay-gateway-pr-pod${pod}.apple.com`,
  ]),
  ...[1, 2, 3].flatMap((pod) => [
    `cn-apple-pay-gateway-sh-pod${pod}.apple.com`,
    `cn-apple-pay-gateway-tj-pod${pod}.apple.com`,
  ]),
  // Apple's sandbox, for sandbox tester accounts.
  "apple-pay-gateway-cert.apple.com",
  "cn-apple-pay-gateway-cert.apple.com",
]);

/** https, on the default port, without credentials, on one of Apple's merchant-validation hosts. */
export function isAppleMerchantValidationUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    url.username === "" &&
    url.password === "" &&
    appleMerchantValidationHosts.has(url.hostname)
  );
}
