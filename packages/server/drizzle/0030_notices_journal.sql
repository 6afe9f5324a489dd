CREATE TABLE "oa_log_comment" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"log_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_log_customer" (
	"log_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "oa_log_customer_log_id_customer_id_pk" PRIMARY KEY("log_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "oa_log_user" (
	"log_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_time" timestamp with time zone,
	CONSTRAINT "oa_log_user_log_id_user_id_pk" PRIMARY KEY("log_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "oa_log" (
	"log_id" serial PRIMARY KEY NOT NULL,
	"category_id" smallint NOT NULL,
	"content" text NOT NULL,
	"tomorrow" text DEFAULT '' NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_announcement_dept" (
	"announcement_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	CONSTRAINT "oa_announcement_dept_announcement_id_dept_id_pk" PRIMARY KEY("announcement_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "oa_announcement_read" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_announcement_read_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "oa_announcement_user" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "oa_announcement_user_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "oa_announcement" (
	"announcement_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"to_all" boolean DEFAULT false NOT NULL,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oa_log_comment_log_idx" ON "oa_log_comment" USING btree ("log_id","create_time");--> statement-breakpoint
CREATE INDEX "oa_log_user_user_idx" ON "oa_log_user" USING btree ("user_id","log_id");--> statement-breakpoint
CREATE INDEX "oa_log_creator_idx" ON "oa_log" USING btree ("create_user_id","create_time") WHERE not "oa_log"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "oa_log_batch_uq" ON "oa_log" USING btree ("create_user_id","batch_id") WHERE "oa_log"."batch_id" <> '';--> statement-breakpoint
CREATE INDEX "oa_announcement_dept_dept_idx" ON "oa_announcement_dept" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "oa_announcement_read_notice_idx" ON "oa_announcement_read" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "oa_announcement_user_user_idx" ON "oa_announcement_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oa_announcement_start_idx" ON "oa_announcement" USING btree ("start_time") WHERE not "oa_announcement"."is_deleted";--> statement-breakpoint
CREATE INDEX "oa_announcement_creator_idx" ON "oa_announcement" USING btree ("create_user_id","create_time") WHERE not "oa_announcement"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "oa_announcement_batch_uq" ON "oa_announcement" USING btree ("create_user_id","batch_id") WHERE "oa_announcement"."batch_id" <> '';