import { join } from "node:path";
import rule from "./api-json-zone.js";
import { ruleTester } from "./rule-tester.js";

const at = (path) => join(process.cwd(), path);

ruleTester.run("api-json-zone", rule, {
  valid: [
    {
      filename: at("src/client/features/admin/api/use-admin.ts"),
      code: 'import { apiJson } from "#client/lib/api.ts";',
    },
    {
      filename: at("src/client/features/checkout/api/use-checkout.ts"),
      code: 'import { apiJson } from "../../../lib/api/client.ts";',
    },
    { filename: at("src/client/lib/api/session.ts"), code: 'import { apiJson } from "./client.ts";' },
    // The file that defines it, and its tests.
    { filename: at("src/client/lib/api.test.ts"), code: 'import { apiJson } from "./api.ts";' },
    // The rest of api.ts is anyone's.
    {
      filename: at("src/client/features/admin/components/lead-dialog.tsx"),
      code: 'import { ApiError } from "#client/lib/api.ts";',
    },
  ],
  invalid: [
    {
      filename: at("src/client/pages/account.tsx"),
      code: 'import { ApiError, apiJson } from "#client/lib/api.ts";',
      errors: [{ messageId: "outsideApi" }],
    },
    {
      filename: at("src/client/features/accounts/components/sign-in-form.tsx"),
      code: 'import { apiJson } from "../../../lib/api.ts";',
      errors: [{ messageId: "outsideApi" }],
    },
    {
      // A feature's lib/ is not its api/.
      filename: at("src/client/features/orders/lib/orders-api.ts"),
      code: 'import { apiJson as call } from "#client/lib/api/client.ts";',
      errors: [{ messageId: "outsideApi" }],
    },
    {
      filename: at("src/client/lib/wishlist.ts"),
      code: 'import * as api from "#client/lib/api.ts";',
      errors: [{ messageId: "outsideApi" }],
    },
    {
      filename: at("src/client/components/layout/header.tsx"),
      code: 'export { apiJson } from "#client/lib/api.ts";',
      errors: [{ messageId: "outsideApi" }],
    },
  ],
});
