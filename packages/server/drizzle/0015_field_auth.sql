CREATE TABLE "crm_field_auth" (
	"role_id" integer NOT NULL,
	"label" smallint NOT NULL,
	"field_name" varchar(50) NOT NULL,
	"auth_level" smallint NOT NULL,
	CONSTRAINT "crm_field_auth_role_id_label_field_name_pk" PRIMARY KEY("role_id","label","field_name")
);
--> statement-breakpoint
ALTER TABLE "crm_field_auth" ADD CONSTRAINT "crm_field_auth_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;