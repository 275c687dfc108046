import { join } from "node:path";
import rule from "./server-boundaries.js";
import { ruleTester } from "./rule-tester.js";

const at = (path) => join(process.cwd(), path);

ruleTester.run("server-boundaries", rule, {
  valid: [
    // A module's top-level files are its public surface.
    {
      filename: at("src/server/modules/admin/get-dashboard.ts"),
      code: 'import { toAdminUser } from "#server/modules/accounts/admin-user.ts";',
    },
    // A module's own files may use its internals.
    {
      filename: at("src/server/modules/payments/confirm-payment.ts"),
      code: 'import { registry } from "./gateways/registry.ts";',
    },
    {
      filename: at("src/server/modules/payments/gateways/tabby.ts"),
      code: 'import { post } from "#server/modules/payments/gateways/provider-http.ts";',
    },
    // Routes call use cases and lib helpers.
    {
      filename: at("src/server/routes/api/admin/leads.ts"),
      code: 'import { listLeads } from "#server/modules/leads/list-leads.ts";\nimport { sendPage } from "#server/lib/pagination.ts";',
    },
    // app.ts and the routes' index files register route files.
    { filename: at("src/server/app.ts"), code: 'import apiRoutes from "./routes/api/index.ts";' },
    { filename: at("src/server/routes/api/admin/index.ts"), code: 'import leadRoutes from "./leads.ts";' },
    // Tests are not held to the boundaries.
    {
      filename: at("src/server/routes/api/leads/leads.int.test.ts"),
      code: 'import { inquiries } from "#server/db/schema.ts";\nimport { sign } from "#server/modules/payments/gateways/sandbox.ts";',
    },
    // A benchmark may start a provider's fake, as the tests do.
    {
      filename: at("scripts/lib/moyasar-provider-process.ts"),
      code: 'import { startFakeMoyasar } from "#server/modules/payments/providers/moyasar/fake-server.ts";',
    },
    // So may a browser test's server (tests/e2e/*-server.ts).
    {
      filename: at("tests/e2e/lost-answer-server.ts"),
      code: 'import { startMoyasarFake } from "#server/modules/payments/providers/moyasar/fake-server.ts";',
    },
    // Outside the server's modules, db and routes, nothing is judged.
    { filename: at("src/server/plugins/database.ts"), code: 'import { createDb } from "#server/db/database.ts";' },
  ],
  invalid: [
    // ... but not the provider's adapter.
    {
      filename: at("tests/e2e/lost-answer-server.ts"),
      code: 'import { createMoyasarGateway } from "#server/modules/payments/providers/moyasar/adapter.ts";',
      errors: [{ messageId: "moduleInternals" }],
    },
    {
      filename: at("scripts/lib/moyasar-provider-process.ts"),
      code: 'import { createMoyasarGateway } from "#server/modules/payments/providers/moyasar/adapter.ts";',
      errors: [{ messageId: "moduleInternals" }],
    },
    {
      filename: at("src/server/modules/orders/create-order.ts"),
      code: 'import { registry } from "#server/modules/payments/gateways/registry.ts";',
      errors: [
        {
          messageId: "moduleInternals",
          data: { target: "src/server/modules/payments/gateways/registry.ts", module: "payments" },
        },
      ],
    },
    {
      // The relative spelling of the same path.
      filename: at("src/server/modules/accounts/sign-up.ts"),
      code: 'import { render } from "../notifications/templates/order-emails.ts";',
      errors: [{ messageId: "moduleInternals" }],
    },
    {
      // Not only modules: a route or a plugin may not reach in either.
      filename: at("src/server/routes/sandbox-gateway.ts"),
      code: 'import type { SandboxGateway } from "../modules/payments/gateways/sandbox.ts";',
      errors: [{ messageId: "moduleInternals" }],
    },
    {
      filename: at("src/server/routes/api/admin/orders.ts"),
      code: 'import { orders } from "#server/db/schema.ts";',
      errors: [{ messageId: "routeImportsDb", data: { target: "src/server/db/schema.ts" } }],
    },
    {
      // A type-only import of a schema counts, whatever the spelling.
      filename: at("src/server/routes/api/auth/index.ts"),
      code: 'import type { users } from "../../../db/schema/accounts.ts";',
      errors: [{ messageId: "routeImportsDb" }],
    },
    {
      filename: at("src/server/routes/api/admin/users.ts"),
      code: 'import { sendPage } from "./pagination.ts";',
      errors: [{ messageId: "importsRoute", data: { target: "src/server/routes/api/admin/pagination.ts" } }],
    },
    {
      filename: at("src/server/modules/leads/create-inquiry.ts"),
      code: 'import { LEAD_BODY_LIMIT } from "#server/routes/api/leads/index.ts";',
      errors: [{ messageId: "importsRoute" }],
    },
  ],
});
