CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`sha256` text DEFAULT '' NOT NULL,
	`object_key` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `files_user_owner` ON `files` (`user_id`,`owner_type`,`owner_id`);--> statement-breakpoint
CREATE INDEX `files_status_updated` ON `files` (`status`,`updated_at`);--> statement-breakpoint
-- A record that goes takes its files with it, whichever way it is deleted (one at a time, in bulk,
-- an import's undo): they are marked, and the sweep (worker/services/files.ts) removes their
-- objects and rows.
CREATE TRIGGER `files_of_project` AFTER DELETE ON `projects` BEGIN UPDATE `files` SET `status` = 'deleting', `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `owner_type` = 'project' AND `owner_id` = OLD.`id` AND `status` = 'ready'; END;--> statement-breakpoint
CREATE TRIGGER `files_of_property` AFTER DELETE ON `properties` BEGIN UPDATE `files` SET `status` = 'deleting', `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `owner_type` = 'property' AND `owner_id` = OLD.`id` AND `status` = 'ready'; END;--> statement-breakpoint
CREATE TRIGGER `files_of_auction` AFTER DELETE ON `auctions` BEGIN UPDATE `files` SET `status` = 'deleting', `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `owner_type` = 'auction' AND `owner_id` = OLD.`id` AND `status` = 'ready'; END;--> statement-breakpoint
CREATE TRIGGER `files_of_contact` AFTER DELETE ON `contacts` BEGIN UPDATE `files` SET `status` = 'deleting', `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `owner_type` = 'contact' AND `owner_id` = OLD.`id` AND `status` = 'ready'; END;--> statement-breakpoint
CREATE TRIGGER `files_of_deal` AFTER DELETE ON `deals` BEGIN UPDATE `files` SET `status` = 'deleting', `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `owner_type` = 'deal' AND `owner_id` = OLD.`id` AND `status` = 'ready'; END;
