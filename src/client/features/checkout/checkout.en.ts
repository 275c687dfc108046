import products from "#content/products.en.ts";

/** The checkout's copy (issue 12 "The page", spec §2 Checkout, §4, §8). */
export default {
  back: "Back to Home",
  testMode: {
    title: "Test Mode: No Real Money",
    body: "This shop runs on its test payment gateway. Nothing is charged, and orders placed here are tests that will not be made or delivered.",
  },
  eyebrow: "Checkout",
  title: "Complete Your Order",
  lead: "One piece, handcrafted in Riyadh and delivered to your door anywhere in the Kingdom.",
  summary: {
    title: "Order Summary",
    quantity: "Quantity",
    size: "Size",
    standard: "Standard",
    price: "Price",
    total: "Total",
    vatIncluded: "VAT included ({vat})",
  },
  buyer: {
    title: "Your Details",
    lead: "We send the confirmation and invoice to this e-mail, and call this number before delivery.",
    name: "Full name",
    email: "Email",
    emailPlaceholder: "name@example.com",
    phone: "Mobile number",
    phonePrefix: "+966",
    phonePlaceholder: "5X XXX XXXX",
    address: "Delivery address",
    city: "City",
    cityPlaceholder: "Riyadh",
    district: "District",
    street: "Street",
    building: "Building number (optional)",
    postalCode: "Postal code (optional)",
  },
  payment: {
    title: "Payment",
    lead: "Choose how to pay. Card details are entered on the payment provider's secure page, never on this site.",
    // The buttons' words are the payment methods' own (src/shared/payment-methods.ts).
    cardMarks: "mada, Visa and Mastercard",
    instalments: {
      one: "{count} interest-free monthly instalment",
      other: "{count} interest-free monthly instalments",
    },
    instalmentAmount: {
      one: "{count} interest-free monthly instalment of {amount}",
      other: "{count} interest-free monthly instalments of {amount}",
    },
    unavailable: "Not available for this order",
    processing: "Processing your payment...",
  },
  confirming: {
    title: "We Are Confirming Your Payment",
    body: "This usually takes a few seconds. Please keep this page open.",
    stillWaiting:
      "Your payment provider has not confirmed yet. We will e-mail you as soon as it does; you can also check your order later.",
    checkAgain: "Check Again",
    findOrder: "Find My Order",
  },
  verifying: {
    title: "We Are Confirming Your Payment",
    body: "Apple Pay approved the payment, but the payment provider has not confirmed it to us yet. Please do not pay again: we are checking with the provider now.",
    email: "We will e-mail {email} as soon as we know, whether the payment went through or not.",
    viewOrder: "View Your Order",
  },
  notCharged: {
    title: "Your Payment Did Not Go Through",
    body: "The payment provider did not take the payment, so nothing was charged. You can try again.",
    tryAgain: "Try Again",
  },
  success: {
    title: "Order Successful!",
    body: "Thank you. Your order {reference} is confirmed.",
    reference: "Order reference",
    sentTo: "We have sent the confirmation and your invoice to {email}.",
    viewOrder: "View Your Order and Invoice",
    backHome: "Back to Home",
  },
  toasts: {
    failedTitle: "Payment Failed",
    failedBody: "An error occurred while processing payment. Please try again.",
    systemTitle: "System Error",
    systemBody: "A system error occurred. Please try again.",
    fieldsTitle: "Please check your details",
  },
  /** Each product's words (content/products.*): the summary's picture. */
  products,
};
