CREATE TABLE "clinic_photo" (
	"photo_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"visit_id" integer,
	"file_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"part_id" integer NOT NULL,
	"angle" smallint NOT NULL,
	"taken_time" timestamp with time zone NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"batch_id" varchar(64) NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_photo" ADD CONSTRAINT "clinic_photo_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_photo" ADD CONSTRAINT "clinic_photo_visit_id_clinic_visit_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."clinic_visit"("visit_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_photo" ADD CONSTRAINT "clinic_photo_file_id_sys_file_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_photo" ADD CONSTRAINT "clinic_photo_part_id_crm_body_part_part_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."crm_body_part"("part_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_photo_customer_idx" ON "clinic_photo" USING btree ("customer_id","taken_time");--> statement-breakpoint
CREATE INDEX "clinic_photo_visit_idx" ON "clinic_photo" USING btree ("visit_id") WHERE "clinic_photo"."visit_id" is not null;--> statement-breakpoint
CREATE INDEX "clinic_photo_batch_idx" ON "clinic_photo" USING btree ("create_user_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_photo_file_uq" ON "clinic_photo" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "clinic_photo_part_idx" ON "clinic_photo" USING btree ("part_id");--> statement-breakpoint
-- hand-written: the photograph room (issue 23, h-photo) for the standard 客户管理员 role, as the
-- seed gives a new installation: the station and deleting any photo.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('oa:workflow:photograph'), ('oa:photo:delete')) AS a("permission")
WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;
