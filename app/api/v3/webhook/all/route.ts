// GET /api/v3/webhook/all — alias of GET /api/v1/webhook/all
export { GET } from "../../../v1/webhook/all/route";
