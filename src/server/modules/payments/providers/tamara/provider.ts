import { baseUrlSetting, secretSetting, type PaymentProvider } from "../provider.ts";
import { createTamaraGateway } from "./adapter.ts";

const settings = {
  /** The API token and the notification token from Tamara's partner portal. */
  TAMARA_API_TOKEN: secretSetting(),
  TAMARA_NOTIFICATION_TOKEN: secretSetting(),
  /** Production; the sandbox is https://api-sandbox.tamara.co. */
  TAMARA_API_URL: baseUrlSetting("https://api.tamara.co"),
};

/** Tamara: pay in four instalments (decision 0017). */
export const tamaraProvider: PaymentProvider<typeof settings> = {
  settings,
  open(config) {
    if (!config.TAMARA_API_TOKEN || !config.TAMARA_NOTIFICATION_TOKEN) return null;
    const gateway = createTamaraGateway(
      {
        apiToken: config.TAMARA_API_TOKEN,
        notificationToken: config.TAMARA_NOTIFICATION_TOKEN,
        apiUrl: config.TAMARA_API_URL,
      },
      { timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS },
    );
    return { gateway };
  },
};
