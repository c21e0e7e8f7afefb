/** The agent's tools over projects and the pipeline. */
import { z } from "zod";
import { label, PROJECT_STATUSES, ProjectInputSchema } from "../../app/domain/workspace";
import { pipelineStats } from "./pipeline";
import { createProject, listProjects } from "./projects";
import { creates, found, searchQuery, tool, TOOL_SEARCH_LIMIT, toolOwner } from "./tool";

export const projectTools = {
  search_projects: tool({
    description:
      "Search the investor's projects (deals) by name, address or description, optionally by pipeline status.",
    parameters: z.object({
      query: searchQuery,
      status: z.enum(PROJECT_STATUSES).optional(),
    }),
    run: async (db, userId, { query, status }, context) => {
      const { items } = await listProjects(
        db,
        toolOwner(userId, context),
        { q: query, status },
        {
          page: 1,
          limit: TOOL_SEARCH_LIMIT,
        },
      );
      return {
        result: items.map(({ createdAt: _created, ...project }) => project),
        summary: found(
          items.map((project) => project.name),
          "project",
        ),
      };
    },
  }),
  summarize_pipeline: tool({
    description:
      "Figures for the investor's whole pipeline: projects by status and type, money totals, record counts.",
    parameters: z.object({}),
    run: async (db, userId) => {
      const stats = await pipelineStats(db, userId);
      const byStatus = Object.entries(stats.byStatus)
        .map(([status, count]) => `${label(status)} ${count}`)
        .join(", ");
      return {
        result: { ...stats, recentDocuments: stats.recentDocuments.map((row) => row.title) },
        summary: `${stats.projects} projects${byStatus ? ` (${byStatus})` : ""}, ${stats.contacts} contacts, ${stats.properties} properties`,
      };
    },
  }),
  create_project: tool({
    description:
      "Create a project (deal) in the investor's Project Hub. Only when the investor asks for it.",
    parameters: ProjectInputSchema.omit({ propertyId: true }),
    wrote: true,
    records: creates("project"),
    run: async (db, userId, input, context) => {
      const project = await createProject(db, toolOwner(userId, context), {
        ...input,
        propertyId: null,
      });
      return { result: project, summary: `Created project ${project.name}` };
    },
  }),
};
