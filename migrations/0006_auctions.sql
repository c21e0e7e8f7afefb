CREATE TABLE `auction_history` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`auction_id` text NOT NULL,
	`status` text NOT NULL,
	`postponed_to` text,
	`changed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auction_history_auction` ON `auction_history` (`auction_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `auctions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sale_type` text NOT NULL,
	`sale_at` text NOT NULL,
	`time_zone` text NOT NULL,
	`current_sale_at` text NOT NULL,
	`address` text NOT NULL,
	`city` text,
	`county` text,
	`state` text,
	`zip` text,
	`case_number` text,
	`apn` text,
	`property_id` text,
	`project_id` text,
	`deal_id` text,
	`attorney_contact_id` text,
	`auctioneer_contact_id` text,
	`venue` text,
	`online_url` text,
	`opening_bid` real,
	`deposit_amount` real,
	`deposit_pct` real,
	`deposit_due_at` text,
	`balance_due_days` integer,
	`buyer_premium_pct` real,
	`planned_bid` real,
	`bid_inputs` text,
	`status` text NOT NULL,
	`postponed_to` text,
	`winning_bid` real,
	`notes` text,
	`google_calendar_id` text,
	`google_sale_event_id` text,
	`google_deposit_event_id` text,
	`google_synced` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`attorney_contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`auctioneer_contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `auctions_user_sale` ON `auctions` (`user_id`,`current_sale_at`);--> statement-breakpoint
CREATE INDEX `auctions_user_deposit` ON `auctions` (`user_id`,`deposit_due_at`);--> statement-breakpoint
ALTER TABLE `google_connections` ADD `auction_calendar_id` text;