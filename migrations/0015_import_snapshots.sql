ALTER TABLE `calendar_events` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `deals` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `entries` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `lead_bots` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `project_files` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `research_reports` ADD `imported` text;--> statement-breakpoint
ALTER TABLE `routes` ADD `imported` text;