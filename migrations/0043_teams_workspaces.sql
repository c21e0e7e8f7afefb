-- Workspaces (docs/decisions/0046-workspaces-are-accounts.md): every account gets its personal
-- workspace, with the account's id, so every record it owns is in it already, id and all; and its
-- owner's membership. A team workspace has an account of its own (`kind` 'team'). Each insert
-- skips what is there already, so the backfill can run again. (No CASE … END: wrangler's
-- statement splitter takes its END for a trigger's and joins the next statement to it.)
CREATE TABLE `workspace_members` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`assigned_only` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_members_user` ON `workspace_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`personal` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `kind` text DEFAULT 'person' NOT NULL;--> statement-breakpoint
INSERT INTO `workspaces` (`id`, `name`, `personal`, `created_at`, `updated_at`)
SELECT `id`, coalesce(nullif(trim(`first_name` || ' ' || `last_name`), ''), 'Personal'), 1, `created_at`, `created_at` FROM `users`
WHERE `id` NOT IN (SELECT `id` FROM `workspaces`);--> statement-breakpoint
INSERT INTO `workspace_members` (`workspace_id`, `user_id`, `role`, `assigned_only`, `created_at`, `updated_at`)
SELECT `id`, `id`, 'owner', 0, `created_at`, `created_at` FROM `users`
WHERE `kind` = 'person' AND `id` NOT IN (SELECT `workspace_id` FROM `workspace_members` WHERE `user_id` = `users`.`id`);
