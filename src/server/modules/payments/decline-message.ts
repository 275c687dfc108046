import type { MessageKey } from "#shared/i18n/message-key.ts";
import { paymentMethods } from "#shared/payment-methods.ts";
import { paymentProviders } from "./providers/registry.ts";

/**
 * The words a buyer sees for a payment declined as it was opened: those of the method's provider
 * (Tabby's pre-scoring reasons, EN/AR from its FAQ), whichever gateway stood in for it, or else
 * `payments.declined`.
 */
export function declineMessage(method: string | null, reason: string | undefined): MessageKey {
  const provider = paymentMethods.find((entry) => entry.id === method)?.provider;
  return (provider && paymentProviders[provider].declineMessage?.(reason)) || "payments.declined";
}
