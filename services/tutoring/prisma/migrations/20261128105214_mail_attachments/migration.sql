-- AlterTable
ALTER TABLE "outbound_emails" ADD COLUMN     "attachments" JSONB;
