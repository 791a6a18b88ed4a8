-- CreateEnum
CREATE TYPE "purchase_dispute_status" AS ENUM ('open', 'won', 'lost');

-- CreateTable
CREATE TABLE "purchases" (
    "payment_id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "fully_refunded" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "purchases_pkey" PRIMARY KEY ("payment_id")
);

-- CreateTable
CREATE TABLE "purchase_disputes" (
    "dispute_id" TEXT NOT NULL,
    "payment_id" UUID NOT NULL,
    "status" "purchase_dispute_status" NOT NULL,

    CONSTRAINT "purchase_disputes_pkey" PRIMARY KEY ("dispute_id")
);

-- CreateIndex
CREATE INDEX "purchases_user_id_idx" ON "purchases"("user_id");

-- CreateIndex
CREATE INDEX "purchase_disputes_payment_id_idx" ON "purchase_disputes"("payment_id");

-- AddForeignKey
ALTER TABLE "purchase_disputes" ADD CONSTRAINT "purchase_disputes_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "purchases"("payment_id") ON DELETE RESTRICT ON UPDATE CASCADE;
