CREATE TABLE "oa_task_comment" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_task_user" (
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "oa_task_user_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "oa_task" (
	"task_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"due_time" timestamp with time zone,
	"owner_user_id" integer NOT NULL,
	"create_user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"parent_id" integer,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"completed_time" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oa_task_comment_task_idx" ON "oa_task_comment" USING btree ("task_id","create_time");--> statement-breakpoint
CREATE INDEX "oa_task_user_user_idx" ON "oa_task_user" USING btree ("user_id","task_id");--> statement-breakpoint
CREATE INDEX "oa_task_owner_idx" ON "oa_task" USING btree ("owner_user_id","status") WHERE not "oa_task"."is_deleted";--> statement-breakpoint
CREATE INDEX "oa_task_creator_idx" ON "oa_task" USING btree ("create_user_id","status") WHERE not "oa_task"."is_deleted";--> statement-breakpoint
CREATE INDEX "oa_task_parent_idx" ON "oa_task" USING btree ("parent_id") WHERE "oa_task"."parent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_task_batch_uq" ON "oa_task" USING btree ("create_user_id","batch_id") WHERE "oa_task"."batch_id" <> '';