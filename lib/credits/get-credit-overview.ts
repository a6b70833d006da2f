import "server-only";
import type { TCreditsQuery, TCreditsResponse } from "@/lib/api/schemas/credits";
import type { Db } from "@/lib/db";
import { getCreditSettings } from "./credit-settings";
import { listCreditEntries } from "./list-credit-entries";
import { TRANSACTION_OPTIONS } from "./transaction-options";

/** GET /api/v1/credits: the account's balance, whether it is enforced, the rules and a ledger page. */
export async function getCreditOverview(
  db: Db,
  userId: string,
  query: TCreditsQuery,
): Promise<TCreditsResponse> {
  const { rules, enforce } = getCreditSettings();
  // One transaction, so the balance and the entries shown are the same moment's.
  const { balance, page } = await db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
    return { balance: user.creditBalance, page: await listCreditEntries(tx, userId, query) };
  }, TRANSACTION_OPTIONS);
  return {
    balance,
    enforce,
    rules: {
      per_slide: rules.perSlide,
      per_ai_image: rules.perAiImage,
      per_ai_edit: rules.perAiEdit,
      per_document_page: rules.perDocumentPage,
    },
    ...page,
  };
}
