CREATE TABLE "oa_examine_hr_apply" (
	"apply_id" serial PRIMARY KEY NOT NULL,
	"examine_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"user_id" integer NOT NULL,
	"before_place" jsonb NOT NULL,
	"after_place" jsonb NOT NULL,
	"applied_by" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"value" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"type_id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "confirmed_time" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_examine_hr_apply_examine_uq" ON "oa_examine_hr_apply" USING btree ("examine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_item_value_uq" ON "sys_dict_item" USING btree ("type_id","value");--> statement-breakpoint
CREATE INDEX "sys_dict_item_sort_idx" ON "sys_dict_item" USING btree ("type_id","sort","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_type_code_uq" ON "sys_dict_type" USING btree ("kind","code");