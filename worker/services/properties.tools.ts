/** The agent's tools over the properties the investor is weighing. */
import { z } from "zod";
import { PROPERTY_STATUSES } from "../../app/domain/workspace";
import { listProperties } from "./properties";
import { found, searchQuery, tool, TOOL_SEARCH_LIMIT, toolOwner } from "./tool";

export const propertyTools = {
  search_properties: tool({
    description:
      "Search the properties the investor is weighing (Possible Investments) by address, city, ZIP, APN/MLS number or notes.",
    parameters: z.object({
      query: searchQuery,
      status: z.enum(PROPERTY_STATUSES).optional(),
    }),
    run: async (db, userId, { query, status }, context) => {
      const { items } = await listProperties(
        db,
        toolOwner(userId, context),
        { q: query, status },
        { sort: "updatedAt", dir: "desc" },
        { page: 1, limit: TOOL_SEARCH_LIMIT },
      );
      return {
        result: items.map(({ createdAt: _created, ...property }) => property),
        summary: found(
          items.map((property) => property.address),
          "property",
          "properties",
        ),
      };
    },
  }),
};
