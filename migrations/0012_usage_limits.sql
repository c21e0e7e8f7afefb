CREATE TABLE `usage_counters` (
	`user_id` text PRIMARY KEY NOT NULL,
	`window_start` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`day` text DEFAULT '' NOT NULL,
	`tokens` integer DEFAULT 0 NOT NULL,
	`storage_bytes` integer DEFAULT 0 NOT NULL,
	`storage_measured_at` integer DEFAULT 0 NOT NULL,
	`storage_pending` integer DEFAULT 0 NOT NULL,
	`storage_pending_since` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
