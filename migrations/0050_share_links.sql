-- The directory of shared-analysis links: a link's token to its workspace, read before the
-- workspace is known (its share stays a record of the workspace), and every link made so far.
CREATE TABLE `share_links` (
	`token` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `share_links` (`token`, `workspace_id`, `created_at`) SELECT `token`, `user_id`, `created_at` FROM `deal_shares`;
