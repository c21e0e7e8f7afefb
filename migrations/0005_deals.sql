CREATE TABLE `deals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`strategy` text NOT NULL,
	`inputs` text NOT NULL,
	`property_id` text,
	`project_id` text,
	`is_primary` integer DEFAULT false NOT NULL,
	`cash_flow_monthly` real,
	`cap_rate` real,
	`cash_on_cash` real,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deals_user_property` ON `deals` (`user_id`,`property_id`);--> statement-breakpoint
CREATE INDEX `deals_user_updated` ON `deals` (`user_id`,`updated_at`);--> statement-breakpoint
ALTER TABLE `properties` ADD `property_taxes_annual` real;