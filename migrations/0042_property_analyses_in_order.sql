-- A property's page lists its analyses newest change first: the index holds that order, so the
-- read walks the property's analyses alone rather than every analysis of the user.
DROP INDEX `deals_user_property`;--> statement-breakpoint
CREATE INDEX `deals_user_property` ON `deals` (`user_id`,`property_id`,`updated_at`,`id`);