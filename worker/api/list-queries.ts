/**
 * The query strings of the lists that both doors read: the API's list routes and the module pages'
 * loaders (worker/page-services.ts), so a page and `GET /api/…` read the same URL alike. They sit
 * apart from the routes' files so that a page reading them does not evaluate the API's routes and
 * response schemas, which the API itself loads on its first request (worker/index.ts).
 */
import { z } from "@hono/zod-openapi";
import { PROPERTY_STATUSES, PROPERTY_TYPES } from "../../app/domain/workspace";
import { PROPERTY_SORTS, type PropertySort } from "../services/properties";
import { PageQuerySchema } from "./openapi";

/** GET /api/data/properties; the Possible Investments list. */
export const PropertyListQuerySchema = PageQuerySchema.extend({
  status: z.enum(PROPERTY_STATUSES).optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  sort: z.enum(Object.keys(PROPERTY_SORTS) as [PropertySort]).default("updatedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});

const day = z.iso.date({ error: "Use a date like 2027-03-15" });

/** GET /api/routes; the Route Planner's saved routes. */
export const RouteListQuerySchema = PageQuerySchema.extend({
  from: day.optional().openapi({ description: "Routes on this day or later" }),
  to: day.optional().openapi({ description: "Routes before this day" }),
});

/** GET /api/conversations; the Main Agent's saved conversations (searched by title). */
export const ConversationListQuerySchema = PageQuerySchema;

/** GET /api/ai/research; Property Research's history. */
export const ResearchListQuerySchema = PageQuerySchema;
