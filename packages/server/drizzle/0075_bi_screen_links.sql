CREATE INDEX "crm_follow_record_time_idx" ON "crm_follow_record" USING btree ("label","create_time");--> statement-breakpoint
-- hand-written: the wall screen's links (issue 24, h-rfm, /bi/screenLinks) for the roles that read
-- the clinic's performance pages, as the seed's biAll gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT p."role_id", 'bi:screen:manage'
FROM "sys_role_permission" p
WHERE p."permission" = 'bi:clinicPerformance:read'
ON CONFLICT DO NOTHING;
