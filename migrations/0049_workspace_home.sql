-- Where a workspace's records are (D1 until moved into its own object), and its writes held for the
-- last seconds of a move.
ALTER TABLE `workspaces` ADD `moved_at` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `frozen_until` integer;