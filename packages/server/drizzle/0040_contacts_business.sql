CREATE TABLE "crm_contacts_business" (
	"contacts_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_contacts_business_contacts_id_business_id_pk" PRIMARY KEY("contacts_id","business_id")
);
--> statement-breakpoint
ALTER TABLE "crm_contacts_business" ADD CONSTRAINT "crm_contacts_business_contacts_id_crm_contacts_contacts_id_fk" FOREIGN KEY ("contacts_id") REFERENCES "public"."crm_contacts"("contacts_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts_business" ADD CONSTRAINT "crm_contacts_business_business_id_crm_business_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."crm_business"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_contacts_business_business_idx" ON "crm_contacts_business" USING btree ("business_id");