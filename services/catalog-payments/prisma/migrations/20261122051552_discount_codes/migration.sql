-- CreateEnum
CREATE TYPE "discount_code_status" AS ENUM ('available', 'reserved', 'spent');

-- CreateTable
CREATE TABLE "discount_codes" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "discount_pounds" INTEGER NOT NULL,
    "status" "discount_code_status" NOT NULL DEFAULT 'available',
    "reserved_by" INTEGER,
    "reserved_until" TIMESTAMPTZ(3),
    "used_by" INTEGER,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" INTEGER,

    CONSTRAINT "discount_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes"("code");
