ALTER TABLE `calendar_events` ADD `route_id` text REFERENCES routes(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `calendar_events_route` ON `calendar_events` (`route_id`);--> statement-breakpoint
-- Events a route added to AI42's calendar before this column existed are tagged with it, so a retry finds them too.
UPDATE `calendar_events` SET `route_id` = (
  SELECT r.id FROM routes r, json_each(r.calendar_event_ids) j
  WHERE j.value = calendar_events.id AND r.user_id = calendar_events.user_id
    AND coalesce(r.calendar_id, 'local') = 'local'
  LIMIT 1
) WHERE `route_id` IS NULL;
