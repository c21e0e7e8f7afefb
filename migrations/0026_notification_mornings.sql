ALTER TABLE `notification_settings` ADD `morning_next_at` text;--> statement-breakpoint
CREATE INDEX `notification_settings_morning` ON `notification_settings` (`morning_next_at`);--> statement-breakpoint
-- Accounts made before notifications: their preferences with the defaults, in UTC until they next
-- sign in (which sets their browser's zone), so their first brief and mornings come tomorrow.
INSERT OR IGNORE INTO `notification_settings` (`user_id`, `time_zone`, `zone_chosen`, `brief_hour`, `brief_next_at`, `morning_next_at`, `channels`, `updated_at`)
SELECT `id`, 'UTC', 0, 7, strftime('%Y-%m-%dT07:00:00.000Z', 'now', '+1 day'), strftime('%Y-%m-%dT07:00:00.000Z', 'now', '+1 day'), '{}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM `users`;--> statement-breakpoint
-- Rows made since 0024: the cron moves a morning that is not 7:00 in the user's zone on to theirs.
UPDATE `notification_settings` SET `morning_next_at` = strftime('%Y-%m-%dT07:00:00.000Z', 'now', '+1 day') WHERE `morning_next_at` IS NULL;
