CREATE TABLE `deal_criteria` (
	`user_id` text PRIMARY KEY NOT NULL,
	`min_cap_rate` real,
	`min_cash_on_cash` real,
	`min_cash_flow_monthly` real,
	`min_dscr` real,
	`max_purchase_price` real,
	`max_price_per_unit` real,
	`min_irr` real,
	`min_profit` real,
	`max_all_in_pct_of_arv` real,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
