-- Where a workspace's records are (D1 until moved into its own object), its writes held for the
-- last seconds of a move, when D1's copy was cleared after it, and the workspaces not yet done.
ALTER TABLE `workspaces` ADD `moved_at` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `frozen_until` integer;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `cleared_at` text;--> statement-breakpoint
CREATE INDEX `workspaces_to_move` ON `workspaces` (`id`) WHERE cleared_at IS NULL;