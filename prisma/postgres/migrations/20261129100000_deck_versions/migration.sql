-- CreateTable
CREATE TABLE "DeckVersion" (
    "id" TEXT NOT NULL,
    "presentationId" TEXT NOT NULL,
    "deck" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT,
    "reason" TEXT,
    "slideCount" INTEGER NOT NULL,
    "firstTitle" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeckVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeckVersion_presentationId_createdAt_idx" ON "DeckVersion"("presentationId", "createdAt");

-- CreateIndex
CREATE INDEX "DeckVersion_createdById_idx" ON "DeckVersion"("createdById");

-- AddForeignKey
ALTER TABLE "DeckVersion" ADD CONSTRAINT "DeckVersion_presentationId_fkey" FOREIGN KEY ("presentationId") REFERENCES "Presentation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckVersion" ADD CONSTRAINT "DeckVersion_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
