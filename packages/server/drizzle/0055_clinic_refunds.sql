ALTER TABLE "clinic_refund" ALTER COLUMN "batch_id" SET DATA TYPE varchar(48);--> statement-breakpoint
ALTER TABLE "clinic_order_line" ADD COLUMN "floor_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_order" ADD COLUMN "discount_reason" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written: requesting refunds (退费申请, issue 22) for the roles that open orders, as the seed
-- gives a new installation; the payout stays with crm:dealRecord:charge (财务).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT p."role_id", 'crm:dealRecord:refund'
FROM "sys_role_permission" p
WHERE p."permission" = 'crm:dealRecord:save'
ON CONFLICT DO NOTHING;
