-- A personal access token acts in one workspace, with its maker's role there at each request.
-- Tokens made before workspaces act in their maker's own, which is their account's id.
ALTER TABLE `access_tokens` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `access_tokens` SET `workspace_id` = `user_id` WHERE `workspace_id` IS NULL;--> statement-breakpoint
CREATE INDEX `access_tokens_workspace` ON `access_tokens` (`workspace_id`,`user_id`);
