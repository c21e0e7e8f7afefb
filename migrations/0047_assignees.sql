-- Assignment: leads, properties, projects, auctions and calendar events name the member they are
-- assigned to. drizzle-kit 0.31 leaves a new column's ON DELETE out of the ALTER TABLE ADD it
-- writes: added here by hand, as the schema says, so deleting an account unassigns its records
-- instead of being refused by them.
ALTER TABLE `auctions` ADD `assignee_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `auctions_user_assignee` ON `auctions` (`user_id`,`assignee_id`,`current_sale_at`,`id`);--> statement-breakpoint
ALTER TABLE `calendar_events` ADD `assignee_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `calendar_events_user_assignee` ON `calendar_events` (`user_id`,`assignee_id`,`start`);--> statement-breakpoint
ALTER TABLE `leads` ADD `assignee_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `leads_user_assignee` ON `leads` (`user_id`,`assignee_id`,`created_at`,`contact_id`);--> statement-breakpoint
ALTER TABLE `projects` ADD `assignee_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `projects_user_assignee` ON `projects` (`user_id`,`assignee_id`,`updated_at`,`id`);--> statement-breakpoint
ALTER TABLE `properties` ADD `assignee_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `properties_user_assignee` ON `properties` (`user_id`,`assignee_id`,`updated_at`);