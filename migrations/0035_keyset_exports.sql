-- Every export reads its list in chunks through the list's own index, from where the last chunk
-- ended: each order's index ends on its tie-break, the id.
DROP INDEX `deals_user_updated`;--> statement-breakpoint
CREATE INDEX `deals_user_updated` ON `deals` (`user_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `projects_user_updated` ON `projects` (`user_id`,`updated_at`,`id`);--> statement-breakpoint
DROP INDEX `auctions_user_sale`;--> statement-breakpoint
DROP INDEX `auctions_user_deposit`;--> statement-breakpoint
CREATE INDEX `auctions_by_current_sale_at` ON `auctions` (`user_id`,`current_sale_at`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_by_deposit_due_at` ON `auctions` (`user_id`,`deposit_due_at`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_by_opening_bid` ON `auctions` (`user_id`,`opening_bid`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_by_address` ON `auctions` (`user_id`,`address`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_by_status` ON `auctions` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_by_sale_type` ON `auctions` (`user_id`,`sale_type`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_by_county` ON `auctions` (`user_id`,`county`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_by_updated_at` ON `auctions` (`user_id`,`updated_at`,`id`);
