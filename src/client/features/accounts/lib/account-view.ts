import type { AccountView } from "#shared/schemas/auth.ts";

export type { AccountView };

/** GET /api/account's answer. */
export type AccountAnswer = { account: AccountView };
