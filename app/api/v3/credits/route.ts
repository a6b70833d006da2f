// GET /api/v3/credits — alias of GET /api/v1/credits
export { GET } from "../../v1/credits/route";
