ALTER TABLE `users` ADD `email_confirmed_at` text;--> statement-breakpoint
-- Accounts made before sign-up asked for a confirmation were e-mailed already: they stay so.
UPDATE `users` SET `email_confirmed_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `notifications_user_emailed` ON `notifications` (`user_id`,`email_status`,`email_updated_at`);
