-- Issue 35, fulfilment and capture: an order goes on from `paid` to `shipped` and `delivered`, or is
-- `cancelled` before it ships; a refund holds it in `refund_pending` from before the provider is
-- asked until the provider's answer (or a later re-read) completes it. The order keeps what the
-- provider has captured and refunded so far, and the shipment's carrier, tracking number and times.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'awaiting_payment', 'paid', 'shipped', 'delivered', 'refund_pending', 'failed', 'cancelled', 'expired', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_halalas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_halalas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- Orders refunded before this migration were refunded whole.
UPDATE "orders" SET "refunded_halalas" = "total_amount_halalas" WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_moved_check" CHECK ("orders"."captured_halalas" >= 0 and "orders"."refunded_halalas" >= 0 and "orders"."refunded_halalas" <= "orders"."total_amount_halalas");--> statement-breakpoint
CREATE TABLE "payment_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"source" text DEFAULT 'studio' NOT NULL,
	"amount_halalas" integer NOT NULL,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"actor" text NOT NULL,
	"request" jsonb NOT NULL,
	"answer" jsonb,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_operations_kind_check" CHECK ("payment_operations"."kind" in ('capture', 'void', 'refund')),
	CONSTRAINT "payment_operations_state_check" CHECK ("payment_operations"."state" in ('requested', 'succeeded', 'failed')),
	CONSTRAINT "payment_operations_source_check" CHECK ("payment_operations"."source" in ('studio', 'provider')),
	CONSTRAINT "payment_operations_amount_check" CHECK ("payment_operations"."amount_halalas" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_operations_order_id_idx" ON "payment_operations" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_operations_idempotency_key_idx" ON "payment_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_operations_one_open_idx" ON "payment_operations" USING btree ("order_id") WHERE "payment_operations"."state" = 'requested';--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "captured_halalas" integer DEFAULT 0 NOT NULL;
