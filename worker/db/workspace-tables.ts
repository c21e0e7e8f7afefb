/**
 * The tables that hold a workspace's records, each with the column naming the workspace that owns
 * a row: `user_id`, the workspace's account (docs/decisions/0046), or `workspace_id` for the
 * activity log. A request must never reach another workspace's rows of these
 * (tests/worker/workspace-scope.test.ts), and they are what a workspace's object holds
 * (worker/services/workspace-move.ts).
 */
export const WORKSPACE_TABLES: ReadonlyMap<string, string> = new Map([
  ...[
    "properties",
    "projects",
    "contacts",
    "project_contacts",
    "entries",
    "conversations",
    "conversation_messages",
    "research_reports",
    "calendar_events",
    "project_files",
    "deals",
    // The buy box: the workspace's, as the analyses judged against it are.
    "deal_criteria",
    "deal_shares",
    "rehab_templates",
    "files",
    "file_pages",
    "auctions",
    "auction_history",
    "routes",
    // The Route Planner's home and office: where the workspace's routes start.
    "start_places",
    "campaigns",
    "leads",
    "lead_tallies",
    "lead_bots",
    "import_mappings",
    "import_runs",
    "sequences",
    // Whether the workspace's sequences run, and their daily cap.
    "sequence_settings",
    "sequence_enrollments",
    "sequence_log",
  ].map((table) => [table, "user_id"] as const),
  ["activity", "workspace_id"],
]);
