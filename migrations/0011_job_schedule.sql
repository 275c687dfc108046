ALTER TABLE "job_leases" ADD COLUMN "last_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_leases" ADD COLUMN "last_success_at" timestamp with time zone;