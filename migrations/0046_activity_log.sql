CREATE TABLE `activity` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`actor_id` text,
	`record_type` text NOT NULL,
	`record_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text,
	`at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_workspace_at` ON `activity` (`workspace_id`,`at`);--> statement-breakpoint
CREATE INDEX `activity_workspace_type_at` ON `activity` (`workspace_id`,`record_type`,`at`);--> statement-breakpoint
CREATE INDEX `activity_workspace_record_at` ON `activity` (`workspace_id`,`record_type`,`record_id`,`at`);--> statement-breakpoint
CREATE INDEX `activity_workspace_actor_at` ON `activity` (`workspace_id`,`actor_id`,`at`);--> statement-breakpoint
CREATE INDEX `activity_at` ON `activity` (`at`);