/** The admin account the browser tests' server creates at start (ADMIN_EMAIL/ADMIN_PASSWORD, D7). */
export const E2E_ADMIN = { email: "admin@e2e.nawat.test", password: "e2e-admin-password" } as const;
