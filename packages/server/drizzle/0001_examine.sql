CREATE TABLE "oa_examine_category" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(50) NOT NULL,
	"class_name" varchar(50) DEFAULT '' NOT NULL,
	"icon" smallint DEFAULT 1 NOT NULL,
	"type" varchar(30) DEFAULT 'custom' NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"examine_type" smallint DEFAULT 2 NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"examine_user_ids" integer[] DEFAULT '{}' NOT NULL,
	"cc_user_ids" integer[] DEFAULT '{}' NOT NULL,
	"visible_user_ids" integer[] DEFAULT '{}' NOT NULL,
	"visible_dept_ids" integer[] DEFAULT '{}' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examine_comment" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examine_cc" (
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "examine_cc_record_id_user_id_pk" PRIMARY KEY("record_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "examine_log" (
	"record_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"round" integer NOT NULL,
	"step_id" integer,
	"kind" varchar(12) NOT NULL,
	"user_id" integer,
	"reason" varchar(20),
	"remarks" text,
	"target_ids" integer[],
	"status" smallint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "examine_log_record_id_seq_pk" PRIMARY KEY("record_id","seq")
);
--> statement-breakpoint
CREATE TABLE "examine_record" (
	"record_id" serial PRIMARY KEY NOT NULL,
	"subject_type" varchar(20) NOT NULL,
	"subject_id" integer NOT NULL,
	"category_id" integer,
	"applicant_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examine_task" (
	"record_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"round" integer NOT NULL,
	"step_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"reason" varchar(20),
	"remarks" text,
	"from_user_id" integer,
	"superseded" boolean DEFAULT false NOT NULL,
	"acted_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "examine_task_record_id_seq_pk" PRIMARY KEY("record_id","seq")
);
--> statement-breakpoint
CREATE TABLE "examine_urge" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_examine" (
	"examine_id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"create_user_id" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"relation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cc_user_ids" integer[] DEFAULT '{}' NOT NULL,
	"check_user_ids" integer[] DEFAULT '{}' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"record_id" integer,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "examine_comment" ADD CONSTRAINT "examine_comment_record_id_examine_record_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."examine_record"("record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examine_cc" ADD CONSTRAINT "examine_cc_record_id_examine_record_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."examine_record"("record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examine_log" ADD CONSTRAINT "examine_log_record_id_examine_record_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."examine_record"("record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examine_task" ADD CONSTRAINT "examine_task_record_id_examine_record_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."examine_record"("record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examine_urge" ADD CONSTRAINT "examine_urge_record_id_examine_record_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."examine_record"("record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oa_examine_category_sort_idx" ON "oa_examine_category" USING btree ("is_deleted","sort","category_id");--> statement-breakpoint
CREATE INDEX "examine_comment_record_idx" ON "examine_comment" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "examine_cc_user_idx" ON "examine_cc" USING btree ("user_id","record_id");--> statement-breakpoint
CREATE INDEX "examine_log_user_idx" ON "examine_log" USING btree ("user_id","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "examine_record_subject_uq" ON "examine_record" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "examine_task_user_status_idx" ON "examine_task" USING btree ("user_id","status","record_id");--> statement-breakpoint
CREATE INDEX "examine_urge_record_idx" ON "examine_urge" USING btree ("record_id","create_time");--> statement-breakpoint
CREATE INDEX "oa_examine_creator_idx" ON "oa_examine" USING btree ("create_user_id","create_time");--> statement-breakpoint
CREATE INDEX "oa_examine_category_idx" ON "oa_examine" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "oa_examine_record_idx" ON "oa_examine" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_examine_batch_uq" ON "oa_examine" USING btree ("create_user_id","batch_id") WHERE "oa_examine"."batch_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "sys_file_key_uq" ON "sys_file" USING btree ("storage_key");