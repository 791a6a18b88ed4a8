-- AlterTable
-- Written by hand from the generated NOT NULL columns: existing rows are backfilled first. Until now no
-- refund ever changed a package's total, so every entry's total after it is its package's total.
ALTER TABLE "hours_ledger" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'usage',
ADD COLUMN     "total_delta" DECIMAL(5,1) NOT NULL DEFAULT 0,
ADD COLUMN     "total_hours_after" DECIMAL(5,1);

UPDATE "hours_ledger" AS entry SET "total_hours_after" = package."total_hours"
FROM "user_sessions" AS package WHERE package."id" = entry."session_id";

ALTER TABLE "hours_ledger" ALTER COLUMN "total_hours_after" SET NOT NULL;

-- AlterTable
-- Every existing package still has all the hours it was bought with.
ALTER TABLE "user_sessions" ADD COLUMN     "frozen_reason" TEXT,
ADD COLUMN     "hours_taken_back" DECIMAL(5,1) NOT NULL DEFAULT 0,
ADD COLUMN     "original_hours" DECIMAL(5,1),
ADD COLUMN     "overdrawn_hours" DECIMAL(5,1) NOT NULL DEFAULT 0,
ADD COLUMN     "refunded_amount" INTEGER NOT NULL DEFAULT 0;

UPDATE "user_sessions" SET "original_hours" = "total_hours";

ALTER TABLE "user_sessions" ALTER COLUMN "original_hours" SET NOT NULL;

-- CreateTable
CREATE TABLE "package_disputes" (
    "dispute_id" TEXT NOT NULL,
    "package_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "package_disputes_pkey" PRIMARY KEY ("dispute_id")
);

-- CreateTable
CREATE TABLE "pending_payment_events" (
    "id" SERIAL NOT NULL,
    "payment_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_payment_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "package_disputes_package_id_idx" ON "package_disputes"("package_id");

-- CreateIndex
CREATE INDEX "pending_payment_events_payment_id_idx" ON "pending_payment_events"("payment_id");

-- AddForeignKey
ALTER TABLE "package_disputes" ADD CONSTRAINT "package_disputes_package_id_fkey" FOREIGN KEY ("package_id") REFERENCES "user_sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
