-- AlterTable
ALTER TABLE "user_sessions" ADD COLUMN     "buyer_email_key" TEXT;

-- CreateIndex
CREATE INDEX "user_sessions_buyer_email_key_idx" ON "user_sessions"("buyer_email_key");

-- Packages bought before payment events carried the buyer's address: the address their owner booked
-- lessons of a package with (the gateway fills a booking's student_email from the account). A buyer
-- who never booked stays without one (docs/decisions.md, "Issue 26: retention").
UPDATE "user_sessions" AS p
   SET "buyer_email_key" = (
         SELECT lower(trim(b."student_email")) FROM "bookings" AS b
          WHERE b."student_user_id" = p."user_id" AND b."package_id" IS NOT NULL AND trim(b."student_email") <> ''
          ORDER BY b."created_at" DESC
          LIMIT 1)
 WHERE p."buyer_email_key" IS NULL;
