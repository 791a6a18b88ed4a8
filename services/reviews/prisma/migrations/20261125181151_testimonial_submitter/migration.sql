-- The verified-purchase badge now rests on the signed-in submitter, not on a typed email that anyone
-- could copy. Existing stories have no known submitter, so none keeps the badge; the email copy of
-- identity's users is no longer needed and is dropped.

-- AlterTable
ALTER TABLE "testimonials" ADD COLUMN     "submitted_by" INTEGER;

-- DropTable
DROP TABLE "known_users";

-- CreateIndex
CREATE INDEX "testimonials_submitted_by_idx" ON "testimonials"("submitted_by");
