CREATE TABLE "quiz_attempt_item" (
	"attempt_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"correct" boolean NOT NULL,
	CONSTRAINT "quiz_attempt_item_attempt_id_item_id_pk" PRIMARY KEY("attempt_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempt" (
	"attempt_id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"score" integer,
	"passed" boolean,
	"auto_submitted" boolean DEFAULT false NOT NULL,
	"late" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_bank" (
	"bank_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"create_user_id" integer NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_item" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"question_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"stem" varchar(500) NOT NULL,
	"options" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"score" integer NOT NULL,
	"explanation" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_question" (
	"question_id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"stem" varchar(500) NOT NULL,
	"options" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"score" integer NOT NULL,
	"explanation" varchar(500) DEFAULT '' NOT NULL,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_target_dept" (
	"quiz_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	CONSTRAINT "quiz_target_dept_quiz_id_dept_id_pk" PRIMARY KEY("quiz_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_target_user" (
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "quiz_target_user_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "quiz" (
	"quiz_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"time_limit" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"total_score" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quiz_attempt_item_quiz_idx" ON "quiz_attempt_item" USING btree ("quiz_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempt_taker_uq" ON "quiz_attempt" USING btree ("quiz_id","user_id");--> statement-breakpoint
CREATE INDEX "quiz_attempt_user_idx" ON "quiz_attempt" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quiz_attempt_open_idx" ON "quiz_attempt" USING btree ("deadline") WHERE "quiz_attempt"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_bank_name_uq" ON "quiz_bank" USING btree ("name") WHERE not "quiz_bank"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_item_seq_uq" ON "quiz_item" USING btree ("quiz_id","seq");--> statement-breakpoint
CREATE INDEX "quiz_question_bank_idx" ON "quiz_question" USING btree ("bank_id","question_id") WHERE not "quiz_question"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_question_batch_uq" ON "quiz_question" USING btree ("create_user_id","batch_id") WHERE "quiz_question"."batch_id" <> '';--> statement-breakpoint
CREATE INDEX "quiz_target_dept_dept_idx" ON "quiz_target_dept" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "quiz_target_user_user_idx" ON "quiz_target_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quiz_period_idx" ON "quiz" USING btree ("end_time","start_time") WHERE not "quiz"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_batch_uq" ON "quiz" USING btree ("create_user_id","batch_id") WHERE "quiz"."batch_id" <> '';--> statement-breakpoint
-- hand-written: quizzes (issue 25, h-quiz), as the seed gives a new installation: every staff member
-- takes quizzes (普通员工); the managers and the CRM administrator run them (banks, quizzes, results).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:quiz:take' FROM "sys_role" r WHERE r."role_name" = '普通员工' AND r."role_type" = 7
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('oa:quiz:take'), ('oa:quiz:manage')) AS a("permission")
WHERE (r."role_name" = '销售经理' AND r."role_type" = 2) OR (r."role_name" = '客户管理员' AND r."role_type" = 2)
ON CONFLICT DO NOTHING;
