-- CreateEnum
CREATE TYPE "payment_provider" AS ENUM ('stripe', 'demo');

-- CreateEnum
CREATE TYPE "payment_status" AS ENUM ('pending', 'requires_action', 'succeeded', 'failed', 'canceled');

-- AlterTable
ALTER TABLE "discount_codes" ADD COLUMN     "reserved_for_payment_id" UUID;

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "buyer_email" TEXT,
    "buyer_name" TEXT,
    "subject" TEXT NOT NULL,
    "package_type" TEXT NOT NULL,
    "package_name" TEXT NOT NULL,
    "hours" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "original_amount_minor" INTEGER NOT NULL,
    "discount_minor" INTEGER NOT NULL,
    "discount_code" TEXT,
    "provider" "payment_provider" NOT NULL,
    "provider_payment_id" TEXT,
    "client_secret" TEXT,
    "status" "payment_status" NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_provider_events" (
    "event_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_provider_events_pkey" PRIMARY KEY ("event_id")
);

-- CreateTable
CREATE TABLE "outbound_emails" (
    "id" UUID NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbound_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments"("provider_payment_id");

-- CreateIndex
CREATE INDEX "payments_user_id_status_idx" ON "payments"("user_id", "status");

-- CreateIndex
CREATE INDEX "outbound_emails_sent_at_failed_at_next_attempt_at_idx" ON "outbound_emails"("sent_at", "failed_at", "next_attempt_at");
