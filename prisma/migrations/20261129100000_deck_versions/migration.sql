-- CreateTable
CREATE TABLE "DeckVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "presentationId" TEXT NOT NULL,
    "deck" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT,
    "reason" TEXT,
    "slideCount" INTEGER NOT NULL,
    "firstTitle" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DeckVersion_presentationId_fkey" FOREIGN KEY ("presentationId") REFERENCES "Presentation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeckVersion_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "DeckVersion_presentationId_createdAt_idx" ON "DeckVersion"("presentationId", "createdAt");

-- CreateIndex
CREATE INDEX "DeckVersion_createdById_idx" ON "DeckVersion"("createdById");
