-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "conflict_at" TIMESTAMPTZ(3),
ADD COLUMN     "conflict_reason" TEXT;

-- CreateIndex
CREATE INDEX "payments_status_created_at_idx" ON "payments"("status", "created_at");

-- CreateIndex
CREATE INDEX "payments_conflict_at_idx" ON "payments"("conflict_at");
