CREATE TABLE `geocode_cache` (
	`query` text PRIMARY KEY NOT NULL,
	`places` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `geocoder_slots` (
	`id` integer PRIMARY KEY NOT NULL,
	`next_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `routes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`date` text NOT NULL,
	`depart_at` text NOT NULL,
	`start` text NOT NULL,
	`end_place` text,
	`return_to_start` integer NOT NULL,
	`speed_kmh` real NOT NULL,
	`road_factor` real NOT NULL,
	`stops` text NOT NULL,
	`stop_order` text NOT NULL,
	`plan` text NOT NULL,
	`plan_source` text NOT NULL,
	`calendar_id` text,
	`calendar_event_ids` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `routes_user_date` ON `routes` (`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `start_places` (
	`user_id` text PRIMARY KEY NOT NULL,
	`home` text,
	`office` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `contacts` ADD `address` text;