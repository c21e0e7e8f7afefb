/** The dashboard: what needs the investor today, from every module, in one read. */
import { z } from "@hono/zod-openapi";
import { isIsoDay } from "../../../app/domain/dates";
import { dashboard } from "../../services/dashboard";
import { apiRoute, dataResponse, errorResponses, router, scope, signedIn } from "../openapi";
import { DashboardSchema } from "./dashboard.schemas";

const DashboardQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use your today's date, like 2027-03-31" })
    .refine(isIsoDay, { error: "Not a real date" })
    .openapi({ description: "The investor's today, as their own calendar reads it" }),
  now: z.iso
    .datetime({ offset: true, error: "Use an ISO date and time, like 2027-03-31T09:00:00Z" })
    .optional()
    .openapi({
      description:
        "Now on the investor's clock, from which the next 14 days and 72 hours run (default: the server's)",
    }),
});

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "getDashboard",
    summary:
      "Today's route stops, auctions of the next 14 days and deposits due within 72 hours, follow-ups due, the pipeline by status with its value, the portfolio from the primary analyses, the lead funnel, recent research and documents: one D1 batch",
    ...signedIn,
    request: { query: DashboardQuerySchema },
    responses: {
      200: dataResponse("The dashboard", DashboardSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await dashboard(...scope(c), {
          date: c.req.valid("query").date,
          now: new Date(c.req.valid("query").now ?? Date.now()).toISOString(),
        }),
      },
      200,
    ),
);

export default app;
