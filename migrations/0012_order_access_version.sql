ALTER TABLE "orders" ADD COLUMN "access_token_version" integer DEFAULT 0 NOT NULL;
