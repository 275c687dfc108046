import type { FastifyPluginAsync } from "fastify";
import { sendPage } from "#server/lib/pagination.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { getUser } from "#server/modules/accounts/get-user.ts";
import { listUsers } from "#server/modules/accounts/list-users.ts";
import { setUserDisabled } from "#server/modules/accounts/set-user-disabled.ts";
import { exportUsersCsv } from "#server/modules/admin/export-users-csv.ts";
import { adminUsersExportQuerySchema, adminUsersQuerySchema } from "#shared/schemas/admin.ts";

/**
 * The admin's user list (spec §2 Admin Users, §3 Admin user view, DESIGN §3): search and pages,
 * the CSV export of the same filter, one user's details, and disable / enable.
 */
const userRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/users", { schema: { querystring: adminUsersQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await listUsers(app.db, request.query)),
  );

  api.get("/users/export.csv", { schema: { querystring: adminUsersExportQuerySchema } }, async (request, reply) => {
    const csv = await exportUsersCsv(app.db, request.query.search, (key) => request.t(key));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${request.t("admin.csv.fileName")}-${day}.csv"`)
      .header("Cache-Control", "no-store")
      .send(csv);
  });

  api.get<{ Params: { id: string } }>("/users/:id", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { user: await getUser(app.db, request.params.id) };
  });

  for (const action of ["disable", "enable"] as const) {
    api.post<{ Params: { id: string } }>(`/users/:id/${action}`, async (request) => {
      const user = await setUserDisabled(app.db, {
        id: request.params.id,
        disabled: action === "disable",
        actorId: request.user!.id,
      });
      const name = `${user.firstName} ${user.lastName}`;
      return { user, message: request.t(action === "disable" ? "admin.userDisabled" : "admin.userEnabled", { name }) };
    });
  }
};

export default userRoutes;
