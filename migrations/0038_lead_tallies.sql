CREATE TABLE `lead_tallies` (
	`user_id` text NOT NULL,
	`reached` text NOT NULL,
	`status` text NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`speed_ms` real DEFAULT 0 NOT NULL,
	`contacted` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `reached`, `status`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- Each lead counted where it stands as it is written: added, taken away, or moved from its old
-- stage and status to its new ones. The speed to lead is `speedMs` of worker/services/leads.ts.
CREATE TRIGGER `lead_tallies_insert` AFTER INSERT ON `leads` BEGIN INSERT INTO `lead_tallies` (`user_id`, `reached`, `status`, `leads`, `speed_ms`, `contacted`) VALUES (NEW.`user_id`, NEW.`reached`, NEW.`status`, 1, coalesce(max(0, round((julianday(NEW.`first_contacted_at`) - julianday(NEW.`created_at`)) * 86400000)), 0), max(0, round((julianday(NEW.`first_contacted_at`) - julianday(NEW.`created_at`)) * 86400000)) IS NOT NULL) ON CONFLICT (`user_id`, `reached`, `status`) DO UPDATE SET `leads` = `leads` + 1, `speed_ms` = `speed_ms` + excluded.`speed_ms`, `contacted` = `contacted` + excluded.`contacted`; END;--> statement-breakpoint
CREATE TRIGGER `lead_tallies_delete` AFTER DELETE ON `leads` BEGIN UPDATE `lead_tallies` SET `leads` = `leads` - 1, `speed_ms` = `speed_ms` - coalesce(max(0, round((julianday(OLD.`first_contacted_at`) - julianday(OLD.`created_at`)) * 86400000)), 0), `contacted` = `contacted` - (max(0, round((julianday(OLD.`first_contacted_at`) - julianday(OLD.`created_at`)) * 86400000)) IS NOT NULL) WHERE `user_id` = OLD.`user_id` AND `reached` = OLD.`reached` AND `status` = OLD.`status`; END;--> statement-breakpoint
CREATE TRIGGER `lead_tallies_update` AFTER UPDATE OF `user_id`, `reached`, `status`, `first_contacted_at`, `created_at` ON `leads` BEGIN UPDATE `lead_tallies` SET `leads` = `leads` - 1, `speed_ms` = `speed_ms` - coalesce(max(0, round((julianday(OLD.`first_contacted_at`) - julianday(OLD.`created_at`)) * 86400000)), 0), `contacted` = `contacted` - (max(0, round((julianday(OLD.`first_contacted_at`) - julianday(OLD.`created_at`)) * 86400000)) IS NOT NULL) WHERE `user_id` = OLD.`user_id` AND `reached` = OLD.`reached` AND `status` = OLD.`status`; INSERT INTO `lead_tallies` (`user_id`, `reached`, `status`, `leads`, `speed_ms`, `contacted`) VALUES (NEW.`user_id`, NEW.`reached`, NEW.`status`, 1, coalesce(max(0, round((julianday(NEW.`first_contacted_at`) - julianday(NEW.`created_at`)) * 86400000)), 0), max(0, round((julianday(NEW.`first_contacted_at`) - julianday(NEW.`created_at`)) * 86400000)) IS NOT NULL) ON CONFLICT (`user_id`, `reached`, `status`) DO UPDATE SET `leads` = `leads` + 1, `speed_ms` = `speed_ms` + excluded.`speed_ms`, `contacted` = `contacted` + excluded.`contacted`; END;--> statement-breakpoint
-- Every existing lead, counted once.
INSERT INTO `lead_tallies` (`user_id`, `reached`, `status`, `leads`, `speed_ms`, `contacted`) SELECT `user_id`, `reached`, `status`, count(*), coalesce(sum(max(0, round((julianday(`first_contacted_at`) - julianday(`created_at`)) * 86400000))), 0), count(max(0, round((julianday(`first_contacted_at`) - julianday(`created_at`)) * 86400000))) FROM `leads` GROUP BY `user_id`, `reached`, `status`;
