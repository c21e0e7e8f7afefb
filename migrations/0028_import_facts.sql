ALTER TABLE `auctions` ADD `sale_time_known` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `do_not_contact` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `litigator` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `deceased` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `do_not_mail` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `days_on_market` integer;--> statement-breakpoint
CREATE INDEX `properties_user_listing_status` ON `properties` (`user_id`,`listing_status`);--> statement-breakpoint
CREATE INDEX `properties_user_equity` ON `properties` (`user_id`,`estimated_equity`);--> statement-breakpoint
CREATE INDEX `properties_user_owner` ON `properties` (`user_id`,`owner_contact_id`);