CREATE TABLE "sys_dept" (
	"dept_id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"owner_user_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"file_id" serial PRIMARY KEY NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(100) NOT NULL,
	"type" varchar(10) DEFAULT 'file' NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_permission" (
	"role_id" integer NOT NULL,
	"permission" varchar(100) NOT NULL,
	CONSTRAINT "sys_role_permission_role_id_permission_pk" PRIMARY KEY("role_id","permission")
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role_name" varchar(50) NOT NULL,
	"role_type" smallint NOT NULL,
	"data_type" smallint DEFAULT 5 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"is_super" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"client_type" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"key" varchar(50) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"username" varchar(50) NOT NULL,
	"password_hash" varchar(100) NOT NULL,
	"realname" varchar(50) NOT NULL,
	"num" varchar(30) DEFAULT '' NOT NULL,
	"mobile" varchar(11) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"sex" smallint DEFAULT 0 NOT NULL,
	"img" varchar(500) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"post" varchar(50) DEFAULT '' NOT NULL,
	"parent_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"login_fail_count" integer DEFAULT 0 NOT NULL,
	"login_fail_since" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_login_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_dept_pid_idx" ON "sys_dept" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "sys_file_batch_idx" ON "sys_file" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_session_token_uq" ON "sys_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sys_session_user_idx" ON "sys_session" USING btree ("user_id","client_type");--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_username_uq" ON "sys_user" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "sys_user_dept_idx" ON "sys_user" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "sys_user_parent_idx" ON "sys_user" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_user_status_id_idx" ON "sys_user" USING btree ("status","user_id");