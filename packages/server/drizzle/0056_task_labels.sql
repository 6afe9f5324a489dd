CREATE TABLE "oa_task_label_link" (
	"task_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "oa_task_label_link_task_id_label_id_pk" PRIMARY KEY("task_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "oa_task_label" (
	"label_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"color" varchar(7) NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oa_task_label_link" ADD CONSTRAINT "oa_task_label_link_task_id_oa_task_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."oa_task"("task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_task_label_link" ADD CONSTRAINT "oa_task_label_link_label_id_oa_task_label_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."oa_task_label"("label_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oa_task_label_link_label_idx" ON "oa_task_label_link" USING btree ("label_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_task_label_name_uq" ON "oa_task_label" USING btree ("name");