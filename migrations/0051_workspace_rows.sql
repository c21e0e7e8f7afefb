CREATE INDEX `auction_history_user` ON `auction_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `conversation_messages_user` ON `conversation_messages` (`user_id`);--> statement-breakpoint
CREATE INDEX `project_contacts_user` ON `project_contacts` (`user_id`);--> statement-breakpoint
CREATE INDEX `project_files_user` ON `project_files` (`user_id`);--> statement-breakpoint
CREATE INDEX `sequence_enrollments_user` ON `sequence_enrollments` (`user_id`);