/** The agent's read-only tools over the investor's Google account: search mail and Drive. */
import { z } from "zod";
import { googleApis, withGoogle } from "./google";
import { found, tool, toolGoogleScope, TOOL_SEARCH_LIMIT } from "./tool";

export const googleTools = {
  search_mail: tool({
    description:
      "Search the investor's Gmail (read-only) with Gmail's search syntax (words, from:, subject:, is:unread, newer_than:7d). Returns sender, subject, date and a snippet of each message.",
    parameters: z.object({
      query: z.string().trim().max(500).optional().describe("Gmail search; omit for the latest"),
    }),
    run: async (db, userId, { query }, context) => {
      const messages = await withGoogle(
        toolGoogleScope(db, userId, context),
        "gmail",
        async (auth, root) =>
          (await googleApis()).listGmailMessages(auth, root, {
            q: query,
            maxResults: TOOL_SEARCH_LIMIT,
          }),
      );
      return {
        result: messages,
        summary: found(
          messages.map((message) => message.subject || "(no subject)"),
          "message",
        ),
      };
    },
  }),
  search_drive: tool({
    description:
      "Search the investor's Google Drive (read-only) for files whose names contain every given word. Returns names, types, dates and links.",
    parameters: z.object({
      query: z.string().trim().max(200).optional().describe("Words in the file name"),
    }),
    run: async (db, userId, { query }, context) => {
      const files = await withGoogle(
        toolGoogleScope(db, userId, context),
        "drive",
        async (auth, root) =>
          (await googleApis()).listDriveFiles(auth, root, {
            q: query,
            pageSize: TOOL_SEARCH_LIMIT,
          }),
      );
      return {
        result: files,
        summary: found(
          files.map((file) => file.name),
          "file",
        ),
      };
    },
  }),
};
