CREATE TABLE "crm_achievement" (
	"id" serial PRIMARY KEY NOT NULL,
	"obj_type" smallint NOT NULL,
	"obj_id" integer NOT NULL,
	"year" integer NOT NULL,
	"status" smallint NOT NULL,
	"months" numeric(12, 2)[] NOT NULL,
	"year_target" numeric(14, 2) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crm_achievement_obj_uidx" ON "crm_achievement" USING btree ("obj_type","obj_id","year","status");--> statement-breakpoint
CREATE INDEX "crm_achievement_year_idx" ON "crm_achievement" USING btree ("year","status","obj_type");