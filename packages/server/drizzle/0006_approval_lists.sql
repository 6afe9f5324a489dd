DROP INDEX "examine_cc_user_idx";--> statement-breakpoint
DROP INDEX "examine_log_user_idx";--> statement-breakpoint
DROP INDEX "oa_examine_creator_idx";--> statement-breakpoint
DROP INDEX "oa_examine_record_idx";--> statement-breakpoint
ALTER TABLE "oa_examine" ADD COLUMN "submit_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "oa_examine" e SET "submit_time" = coalesce((SELECT max(l."create_time") FROM "examine_log" l WHERE l."record_id" = e."record_id" AND l."kind" = 'submit'), e."create_time");--> statement-breakpoint
CREATE INDEX "examine_cc_unread_idx" ON "examine_cc" USING btree ("user_id","record_id") WHERE "examine_cc"."read_time" is null;--> statement-breakpoint
CREATE INDEX "examine_record_other_idx" ON "examine_record" USING btree ("record_id") WHERE "examine_record"."subject_type" <> 'oa';--> statement-breakpoint
CREATE INDEX "examine_task_pending_idx" ON "examine_task" USING btree ("user_id","record_id","create_time") WHERE "examine_task"."status" = 'pending' and not "examine_task"."superseded";--> statement-breakpoint
CREATE INDEX "oa_examine_deleted_idx" ON "oa_examine" USING btree ("record_id") WHERE "oa_examine"."is_deleted";--> statement-breakpoint
CREATE INDEX "examine_cc_user_idx" ON "examine_cc" USING btree ("user_id","create_time","record_id");--> statement-breakpoint
CREATE INDEX "examine_log_user_idx" ON "examine_log" USING btree ("user_id","record_id","kind","create_time");--> statement-breakpoint
CREATE INDEX "oa_examine_creator_idx" ON "oa_examine" USING btree ("create_user_id","submit_time") WHERE not "oa_examine"."is_deleted";--> statement-breakpoint
CREATE INDEX "oa_examine_record_idx" ON "oa_examine" USING btree ("record_id","is_deleted","status","category_id","submit_time","update_time","create_time","examine_id");