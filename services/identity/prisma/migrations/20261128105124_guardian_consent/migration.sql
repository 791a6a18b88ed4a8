-- CreateEnum
CREATE TYPE "consent_state" AS ENUM ('adult', 'consent_given', 'awaiting_consent', 'date_of_birth_missing');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "consent_state" "consent_state" NOT NULL DEFAULT 'date_of_birth_missing',
ADD COLUMN     "consent_version" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "date_of_birth" DATE;

-- CreateTable
CREATE TABLE "guardian_consents" (
    "user_id" INTEGER NOT NULL,
    "guardian_name" TEXT NOT NULL,
    "guardian_email" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "consented_at" TIMESTAMPTZ(3),

    CONSTRAINT "guardian_consents_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "guardian_consent_links" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "guardian_consent_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "guardian_consent_links_token_hash_key" ON "guardian_consent_links"("token_hash");

-- CreateIndex
CREATE INDEX "guardian_consent_links_user_id_used_at_idx" ON "guardian_consent_links"("user_id", "used_at");

-- AddForeignKey
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "guardian_consent_links" ADD CONSTRAINT "guardian_consent_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
