-- AlterTable
ALTER TABLE "tutors" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
