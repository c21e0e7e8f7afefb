CREATE TABLE `sequence_enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sequence_id` text,
	`sequence_name` text NOT NULL,
	`contact_id` text NOT NULL,
	`status` text NOT NULL,
	`stop_reason` text,
	`lead_status` text NOT NULL,
	`started_at` text NOT NULL,
	`next_step` integer DEFAULT 0 NOT NULL,
	`next_at` text,
	`gmail_thread_id` text,
	`thread_subject` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sequence_id`) REFERENCES `sequences`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sequence_enrollments_due` ON `sequence_enrollments` (`status`,`next_at`);--> statement-breakpoint
CREATE INDEX `sequence_enrollments_contact` ON `sequence_enrollments` (`contact_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `sequence_enrollments_one_active` ON `sequence_enrollments` (`contact_id`) WHERE "sequence_enrollments"."status" = 'active';--> statement-breakpoint
CREATE TABLE `sequence_log` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`step` integer NOT NULL,
	`action` text NOT NULL,
	`outcome` text NOT NULL,
	`detail` text NOT NULL,
	`gmail_message_id` text,
	`calendar_event_id` text,
	`day` text NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`enrollment_id`) REFERENCES `sequence_enrollments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sequence_log_key` ON `sequence_log` (`key`);--> statement-breakpoint
CREATE INDEX `sequence_log_contact` ON `sequence_log` (`contact_id`,`at`);--> statement-breakpoint
CREATE INDEX `sequence_log_user_day` ON `sequence_log` (`user_id`,`day`,`action`);--> statement-breakpoint
CREATE TABLE `sequence_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`daily_cap` integer NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sequences` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`steps` text NOT NULL,
	`personalize` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sequences_user` ON `sequences` (`user_id`,`created_at`);