// GET /api/v3/credits/rules — alias of GET /api/v1/credits/rules
export { GET } from "../../../v1/credits/rules/route";
