-- AlterTable
ALTER TABLE "users" ADD COLUMN     "name_announced_version" INTEGER NOT NULL DEFAULT 0;
