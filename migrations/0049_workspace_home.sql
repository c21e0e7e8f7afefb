-- Where a workspace's records are (D1 until moved into its own object), its writes held for the
-- last seconds of a move, and the workspaces still to move.
ALTER TABLE `workspaces` ADD `moved_at` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `frozen_until` integer;--> statement-breakpoint
CREATE INDEX `workspaces_to_move` ON `workspaces` (`id`) WHERE moved_at IS NULL;