import { z } from "@hono/zod-openapi";
import { PROJECT_STATUSES } from "../../../app/domain/workspace";
import { AuctionSchema } from "./auctions.schemas";
import { FunnelSchema, LeadSchema } from "./marketing.schemas";

export const DashboardSchema = z
  .object({
    routeStops: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          stops: z.array(z.object({ label: z.string(), arriveAt: z.string().nullable() })),
        }),
      )
      .openapi({ description: "Today's saved routes, their stops in order with planned arrivals" }),
    auctions: z.object({ items: z.array(AuctionSchema), total: z.number() }).openapi({
      description: "Sales set for the next 14 days, soonest first (the first 5), and how many",
    }),
    deposits: z
      .array(AuctionSchema)
      .openapi({ description: "Deposits still owed falling due within 72 hours" }),
    followUps: z.object({ items: z.array(LeadSchema), total: z.number() }).openapi({
      description: "Open leads whose follow-up date is today or past (the first 5), and how many",
    }),
    pipeline: z
      .array(z.object({ status: z.enum(PROJECT_STATUSES), count: z.number(), value: z.number() }))
      .openapi({
        description:
          "Projects by status; value is the sum of their purchase prices (the budget where no price is set)",
      }),
    portfolio: z
      .object({
        properties: z.array(
          z.object({
            id: z.string(),
            address: z.string(),
            cashFlowMonthly: z.number(),
            capRate: z.number().nullable(),
          }),
        ),
        count: z.number(),
        cashFlowMonthly: z.number(),
        averageCapRate: z.number().nullable(),
      })
      .openapi({
        description:
          "Properties whose primary analysis has a cash flow (rentals, BRRRR): how many, their total monthly cash flow and the mean of their cap rates; the 12 most recently changed listed for the chart",
      }),
    leads: z.object({ total: z.number(), funnel: FunnelSchema }),
    buyBox: z.object({ set: z.boolean(), meeting: z.number() }).openapi({
      description:
        "Whether the user has a buy box (any criterion saved), and how many properties' primary analyses meet it as it is now (`GET /properties?meetsCriteria=yes`)",
    }),
    research: z.array(z.object({ id: z.string(), query: z.string(), createdAt: z.string() })),
    documents: z.array(z.object({ id: z.string(), title: z.string(), updatedAt: z.string() })),
  })
  .openapi("Dashboard");
