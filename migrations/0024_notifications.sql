CREATE TABLE `notification_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`zone_chosen` integer DEFAULT false NOT NULL,
	`brief_hour` integer,
	`brief_next_at` text,
	`quiet_start` text,
	`quiet_end` text,
	`channels` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_settings_brief` ON `notification_settings` (`brief_next_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`link` text,
	`in_app` integer NOT NULL,
	`read_at` text,
	`email_status` text NOT NULL,
	`email_due_at` text,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`email_error` text,
	`email_updated_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_user_key` ON `notifications` (`user_id`,`key`);--> statement-breakpoint
CREATE INDEX `notifications_user_created` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_email` ON `notifications` (`email_status`,`email_due_at`);--> statement-breakpoint
ALTER TABLE `calendar_events` ADD `reminder_minutes` integer;--> statement-breakpoint
ALTER TABLE `calendar_events` ADD `remind_at` text;--> statement-breakpoint
CREATE INDEX `calendar_events_remind` ON `calendar_events` (`remind_at`);--> statement-breakpoint
CREATE INDEX `auctions_deposit_due` ON `auctions` (`deposit_due_at`);--> statement-breakpoint
CREATE INDEX `auctions_current_sale` ON `auctions` (`current_sale_at`);--> statement-breakpoint
CREATE INDEX `leads_follow_up` ON `leads` (`follow_up_on`);--> statement-breakpoint
CREATE INDEX `projects_target_close` ON `projects` (`target_close_date`);