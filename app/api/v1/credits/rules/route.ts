// GET /api/v1/credits/rules — the credit rule table with the values this server uses
import { json } from "@/lib/api/respond";
import { ZCreditRulesResponse } from "@/lib/api/schemas/credits";
import { withApiKey } from "@/lib/api/with-api-key";
import { creditRuleTable } from "@/lib/credits/credit-rules";
import { getCreditSettings } from "@/lib/credits/credit-settings";

export const GET = withApiKey(async () => {
  const { rules, grant, enforce } = getCreditSettings();
  return json(ZCreditRulesResponse.parse({ rules: creditRuleTable(rules), grant, enforce }));
});
