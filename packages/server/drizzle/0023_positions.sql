CREATE TABLE "oa_position" (
	"position_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint DEFAULT 3 NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"synchronization_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_customer" ADD COLUMN "search_key" text;--> statement-breakpoint
ALTER TABLE "crm_store" ADD COLUMN "search_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_position_user_time_uq" ON "oa_position" USING btree ("user_id","synchronization_time");--> statement-breakpoint
CREATE INDEX "oa_position_type_idx" ON "oa_position" USING btree ("type","user_id");