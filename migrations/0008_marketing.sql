CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`channel` text NOT NULL,
	`status` text NOT NULL,
	`budget` real,
	`spend` real,
	`start_on` text,
	`end_on` text,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaigns_user` ON `campaigns` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `lead_bots` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`persona` text NOT NULL,
	`greeting` text,
	`questions` text NOT NULL,
	`hand_off` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_bots_user` ON `lead_bots` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`contact_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source` text,
	`status` text NOT NULL,
	`reached` text NOT NULL,
	`score` integer,
	`consent_email` integer NOT NULL,
	`consent_sms` integer NOT NULL,
	`consent_call` integer NOT NULL,
	`follow_up_on` text,
	`campaign_id` text,
	`deal_value` real,
	`answers` text NOT NULL,
	`first_contacted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `leads_user_status` ON `leads` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `leads_user_follow_up` ON `leads` (`user_id`,`follow_up_on`);--> statement-breakpoint
CREATE INDEX `leads_user_campaign` ON `leads` (`user_id`,`campaign_id`);