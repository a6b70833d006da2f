// GET /api/v3/templates — alias of GET /api/v1/ppt/templates
export { GET } from "../../v1/ppt/templates/route";
