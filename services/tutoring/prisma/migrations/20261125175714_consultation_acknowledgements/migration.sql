-- CreateTable
CREATE TABLE "acknowledgements" (
    "address_hash" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "acknowledgements_pkey" PRIMARY KEY ("address_hash")
);
