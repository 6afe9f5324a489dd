CREATE TABLE "crm_follow_record" (
	"follow_id" serial PRIMARY KEY NOT NULL,
	"label" smallint NOT NULL,
	"record_id" integer NOT NULL,
	"category" varchar(30) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"next_time" timestamp with time zone,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"contacts_ids" integer[] DEFAULT '{}' NOT NULL,
	"business_ids" integer[] DEFAULT '{}' NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_list_setting" (
	"label" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"default_scene" varchar(30),
	"columns" jsonb,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_list_setting_label_user_id_pk" PRIMARY KEY("label","user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_action_record" (
	"action_id" serial PRIMARY KEY NOT NULL,
	"label" smallint NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"detail" varchar(500) DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_team_member" (
	"label" smallint NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"power" smallint NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_team_member_label_record_id_user_id_pk" PRIMARY KEY("label","record_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_scene" (
	"scene_id" serial PRIMARY KEY NOT NULL,
	"label" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_follow_record_record_idx" ON "crm_follow_record" USING btree ("label","record_id","create_time");--> statement-breakpoint
CREATE INDEX "crm_action_record_record_idx" ON "crm_action_record" USING btree ("label","record_id","create_time");--> statement-breakpoint
CREATE INDEX "crm_team_member_user_idx" ON "crm_team_member" USING btree ("user_id","label","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_scene_name_idx" ON "crm_scene" USING btree ("label","user_id","name");