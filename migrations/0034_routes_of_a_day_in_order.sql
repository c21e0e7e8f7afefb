DROP INDEX `routes_user_date`;--> statement-breakpoint
CREATE INDEX `routes_user_date` ON `routes` (`user_id`,`date`,`depart_at`);