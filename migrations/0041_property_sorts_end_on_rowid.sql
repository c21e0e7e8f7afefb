DROP INDEX `properties_meeting_by_updated_at`;--> statement-breakpoint
DROP INDEX `properties_missing_by_updated_at`;--> statement-breakpoint
DROP INDEX `properties_by_updated_at`;--> statement-breakpoint
DROP INDEX `properties_by_address`;--> statement-breakpoint
DROP INDEX `properties_by_list_price`;--> statement-breakpoint
DROP INDEX `properties_by_estimated_value`;--> statement-breakpoint
DROP INDEX `properties_by_arv`;--> statement-breakpoint
DROP INDEX `properties_by_rent_estimate`;--> statement-breakpoint
DROP INDEX `properties_by_beds`;--> statement-breakpoint
DROP INDEX `properties_by_square_feet`;--> statement-breakpoint
DROP INDEX `properties_by_year_built`;--> statement-breakpoint
DROP INDEX `properties_by_status`;--> statement-breakpoint
DROP INDEX `properties_by_listing_status`;--> statement-breakpoint
DROP INDEX `properties_by_estimated_equity`;--> statement-breakpoint
DROP INDEX `properties_by_owner_name`;--> statement-breakpoint
DROP INDEX `properties_by_cash_flow_monthly`;--> statement-breakpoint
DROP INDEX `properties_by_cap_rate`;--> statement-breakpoint
DROP INDEX `properties_by_cash_on_cash`;--> statement-breakpoint
DROP INDEX `properties_by_meets_criteria`;--> statement-breakpoint
CREATE INDEX `properties_by_updated_at` ON `properties` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `properties_by_address` ON `properties` (`user_id`,`address`);--> statement-breakpoint
CREATE INDEX `properties_by_list_price` ON `properties` (`user_id`,`list_price`);--> statement-breakpoint
CREATE INDEX `properties_by_estimated_value` ON `properties` (`user_id`,`estimated_value`);--> statement-breakpoint
CREATE INDEX `properties_by_arv` ON `properties` (`user_id`,`arv`);--> statement-breakpoint
CREATE INDEX `properties_by_rent_estimate` ON `properties` (`user_id`,`rent_estimate`);--> statement-breakpoint
CREATE INDEX `properties_by_beds` ON `properties` (`user_id`,`beds`);--> statement-breakpoint
CREATE INDEX `properties_by_square_feet` ON `properties` (`user_id`,`square_feet`);--> statement-breakpoint
CREATE INDEX `properties_by_year_built` ON `properties` (`user_id`,`year_built`);--> statement-breakpoint
CREATE INDEX `properties_by_status` ON `properties` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `properties_by_listing_status` ON `properties` (`user_id`,`listing_status`);--> statement-breakpoint
CREATE INDEX `properties_by_estimated_equity` ON `properties` (`user_id`,`estimated_equity`);--> statement-breakpoint
CREATE INDEX `properties_by_owner_name` ON `properties` (`user_id`,`owner_name`);--> statement-breakpoint
CREATE INDEX `properties_by_cash_flow_monthly` ON `properties` (`user_id`,`cash_flow_monthly`);--> statement-breakpoint
CREATE INDEX `properties_by_cap_rate` ON `properties` (`user_id`,`cap_rate`);--> statement-breakpoint
CREATE INDEX `properties_by_cash_on_cash` ON `properties` (`user_id`,`cash_on_cash`);--> statement-breakpoint
CREATE INDEX `properties_by_meets_criteria` ON `properties` (`user_id`,`meets_criteria`);--> statement-breakpoint
-- The buy-box filter's partial indexes last: SQLite, choosing between indexes that look alike
-- (these and properties_by_updated_at), takes the one made last, and they are the short walk.
CREATE INDEX `properties_meeting_by_updated_at` ON `properties` (`user_id`,`updated_at`) WHERE "properties"."meets_criteria" = 1;--> statement-breakpoint
CREATE INDEX `properties_missing_by_updated_at` ON `properties` (`user_id`,`updated_at`) WHERE "properties"."meets_criteria" = 0;
