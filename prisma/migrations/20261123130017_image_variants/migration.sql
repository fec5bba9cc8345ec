-- CreateTable
CREATE TABLE "ImageVariants" (
    "fileUrl" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "widths" INTEGER[],
    "skipped" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImageVariants_pkey" PRIMARY KEY ("fileUrl")
);
