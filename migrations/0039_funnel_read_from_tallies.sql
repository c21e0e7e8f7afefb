-- The funnel is read from lead_tallies (0038): nothing reads this index, and every lead write paid for it.
DROP INDEX `leads_user_funnel`;