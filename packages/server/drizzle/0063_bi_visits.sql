CREATE INDEX "clinic_order_visit_idx" ON "clinic_order" USING btree ("visit_id") WHERE visit_id is not null;--> statement-breakpoint
CREATE INDEX "clinic_appointment_start_idx" ON "clinic_appointment" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "clinic_visit_arrived_idx" ON "clinic_visit" USING btree ("arrived_time");