ALTER TABLE "sys_file" ADD COLUMN "owner_kind" varchar(30);--> statement-breakpoint
ALTER TABLE "sys_file" ADD COLUMN "owner_id" integer;--> statement-breakpoint
CREATE INDEX "sys_file_owner_idx" ON "sys_file" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "sys_file_staged_idx" ON "sys_file" USING btree ("create_time") WHERE "sys_file"."owner_kind" is null;