CREATE TABLE `file_pages` (
	`file_id` text NOT NULL,
	`user_id` text NOT NULL,
	`page` integer NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`file_id`, `page`),
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_pages_user` ON `file_pages` (`user_id`);--> statement-breakpoint
ALTER TABLE `files` ADD `text_status` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `files` ADD `text_unit` text;--> statement-breakpoint
ALTER TABLE `files` ADD `text_pages` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `files` ADD `text_error` text;--> statement-breakpoint
CREATE INDEX `files_text_status_updated` ON `files` (`text_status`,`updated_at`);--> statement-breakpoint
-- Files stored before AI42 read text: the scheduled handler reads them (worker/scheduled.ts).
UPDATE `files` SET `text_status` = 'pending' WHERE `status` = 'ready' AND (`mime_type` IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') OR `mime_type` LIKE 'text/plain%' OR `mime_type` LIKE 'text/csv%' OR `mime_type` LIKE 'text/tab-separated-values%');
