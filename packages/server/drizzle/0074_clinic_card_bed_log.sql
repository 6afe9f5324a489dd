CREATE TABLE "clinic_bed_log" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"bed_id" integer NOT NULL,
	"from_bed_id" integer,
	"admission_id" integer,
	"user_id" integer NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_bed_log_kind_ck" CHECK ("clinic_bed_log"."kind" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "clinic_customer_account" ADD COLUMN "card_number" varchar(32);--> statement-breakpoint
ALTER TABLE "clinic_bed_log" ADD CONSTRAINT "clinic_bed_log_bed_id_clinic_bed_bed_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."clinic_bed"("bed_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_bed_log" ADD CONSTRAINT "clinic_bed_log_from_bed_id_clinic_bed_bed_id_fk" FOREIGN KEY ("from_bed_id") REFERENCES "public"."clinic_bed"("bed_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_bed_log" ADD CONSTRAINT "clinic_bed_log_admission_id_clinic_admission_admission_id_fk" FOREIGN KEY ("admission_id") REFERENCES "public"."clinic_admission"("admission_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_bed_log_bed_idx" ON "clinic_bed_log" USING btree ("bed_id","create_time");--> statement-breakpoint
CREATE INDEX "clinic_bed_log_from_idx" ON "clinic_bed_log" USING btree ("from_bed_id","create_time") WHERE from_bed_id is not null;--> statement-breakpoint
CREATE INDEX "clinic_bed_log_admission_idx" ON "clinic_bed_log" USING btree ("admission_id","create_time") WHERE admission_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_customer_account_card_uq" ON "clinic_customer_account" USING btree ("card_number");--> statement-breakpoint
-- hand-written: the bed log (issue 23, h-visit23) starts with the stays that exist: each admission's 入住 (its bed at the time is not known after a move: its current bed) and each discharge's 出院.
INSERT INTO "clinic_bed_log" ("kind", "bed_id", "admission_id", "user_id", "create_time")
SELECT 1, a."bed_id", a."admission_id", a."create_user_id", a."admitted_time" FROM "clinic_admission" a;--> statement-breakpoint
INSERT INTO "clinic_bed_log" ("kind", "bed_id", "admission_id", "user_id", "remark", "create_time")
SELECT 3, a."bed_id", a."admission_id", coalesce(a."discharge_user_id", a."create_user_id"), a."discharge_remark", a."discharged_time"
FROM "clinic_admission" a WHERE a."status" = 2 AND a."discharged_time" IS NOT NULL;
