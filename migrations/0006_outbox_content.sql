ALTER TABLE "outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_body_check" CHECK ("outbox"."content" is not null or ("outbox"."html" is not null and "outbox"."text" is not null));