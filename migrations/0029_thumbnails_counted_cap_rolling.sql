DROP INDEX `sequence_log_user_day`;--> statement-breakpoint
CREATE INDEX `sequence_log_user_action_at` ON `sequence_log` (`user_id`,`action`,`at`);--> statement-breakpoint
ALTER TABLE `files` ADD `thumbnail_size` integer DEFAULT 0 NOT NULL;