CREATE TABLE `import_mappings` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`source_key` text NOT NULL,
	`columns` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `source_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_name` text,
	`source` text,
	`created` integer DEFAULT 0 NOT NULL,
	`merged` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`undone_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_runs_user` ON `import_runs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `import_undo` (
	`run_id` text NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text NOT NULL,
	`before` text,
	PRIMARY KEY(`run_id`, `table_name`, `record_id`),
	FOREIGN KEY (`run_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `contacts` ADD `mailing_address` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `mailing_city` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `mailing_state` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `mailing_zip` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `phones` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `emails` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `hoa_monthly` real;--> statement-breakpoint
ALTER TABLE `properties` ADD `county` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `source_property_type` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `listing_status` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `last_sale_price` real;--> statement-breakpoint
ALTER TABLE `properties` ADD `last_sale_date` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `estimated_equity` real;--> statement-breakpoint
ALTER TABLE `properties` ADD `loan_balance` real;--> statement-breakpoint
ALTER TABLE `properties` ADD `apn` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `listing_url` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `owner_occupied` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `owner_contact_id` text REFERENCES contacts(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `imported` text;