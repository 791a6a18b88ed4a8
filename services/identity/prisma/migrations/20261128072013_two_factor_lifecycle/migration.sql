-- AlterTable
ALTER TABLE "users" ADD COLUMN     "totp_enrolment_required" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "second_factor_resets" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "reset_by_user_id" INTEGER NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "second_factor_resets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "second_factor_resets_user_id_reset_at_idx" ON "second_factor_resets"("user_id", "reset_at");
