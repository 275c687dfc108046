import { plural } from "#shared/i18n/plural.ts";
import type { Lang } from "#shared/lang.ts";
import { paymentMethodOf, type PaymentMethodId } from "#shared/payment-methods.ts";
import type { OrdersCopy } from "../copy.ts";

/** "Card (mada, Visa, Mastercard)", or with its instalments: "Tamara, 4 instalments". */
export function methodName(id: PaymentMethodId, copy: OrdersCopy, lang: Lang): string {
  const method = paymentMethodOf(id);
  return method.instalments === null
    ? method.label[lang]
    : plural(copy.instalmentMethod, method.instalments, lang, { method: method.label[lang] });
}
