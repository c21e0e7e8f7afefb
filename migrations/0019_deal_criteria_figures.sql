-- The figures the buy box reads, kept per saved analysis. Rows saved before this migration are
-- worked out from their inputs by the first list that reads them (refreshDealFigures in
-- worker/services/deal-figures.ts): the figures come from the deal math, which SQL cannot run.
ALTER TABLE `deals` ADD `dscr` real;--> statement-breakpoint
ALTER TABLE `deals` ADD `irr` real;--> statement-breakpoint
ALTER TABLE `deals` ADD `profit` real;--> statement-breakpoint
ALTER TABLE `deals` ADD `purchase_price` real;--> statement-breakpoint
ALTER TABLE `deals` ADD `price_per_unit` real;--> statement-breakpoint
ALTER TABLE `deals` ADD `all_in_pct_of_arv` real;