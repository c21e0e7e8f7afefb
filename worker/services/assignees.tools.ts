/** The agent's tool over the workspace's members: whom a record may be assigned to. */
import { z } from "zod";
import { assigneeOf } from "../../app/domain/assignees";
import { assignableMembers } from "./assignees";
import { found, tool } from "./tool";

export const memberTools = {
  list_members: tool({
    description:
      "List the people of the investor's workspace (their ids and names): whom a lead, property, project, auction or calendar event may be assigned to (its assigneeId).",
    parameters: z.object({}),
    run: async (db, userId) => {
      const members = await assignableMembers(db, userId);
      const names = members.map((member) => assigneeOf({ id: member.userId, ...member }).name);
      return {
        result: members.map((member, i) => ({ id: member.userId, name: names[i] })),
        summary: found(names, "member"),
      };
    },
  }),
};
