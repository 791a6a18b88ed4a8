-- AlterTable
ALTER TABLE "tutors" ADD COLUMN     "login_email" TEXT;

-- CreateTable
CREATE TABLE "calendar_feeds" (
    "user_id" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "token_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");

-- A feed lists a student's own bookings or a tutor's.
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_role_check" CHECK ("role" IN ('student', 'tutor'));
