-- Who started a sequence on a lead: its e-mails go from their Gmail, its days in their zone.
ALTER TABLE `sequence_enrollments` ADD `started_by` text REFERENCES users(id) ON DELETE set null;
