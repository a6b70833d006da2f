// GET /api/v1/ppt/templates — templates, their layouts with content schemas, and themes
import { json } from "@/lib/api/respond";
import { ZTemplatesResponse } from "@/lib/api/schemas/templates";
import { withApiKey } from "@/lib/api/with-api-key";
import { listTemplates } from "@/lib/presentations/list-templates";

export const GET = withApiKey(async () => json(ZTemplatesResponse.parse(listTemplates())));
