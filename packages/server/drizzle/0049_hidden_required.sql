ALTER TABLE "crm_contract" ALTER COLUMN "num" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_receivables" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_receivables" ALTER COLUMN "return_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_receivables" ALTER COLUMN "money" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_product" ALTER COLUMN "price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "phone" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "id_card" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "shop_address" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "other_manage" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "relation" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "signing" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "money" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_store" ALTER COLUMN "sign_time" DROP NOT NULL;