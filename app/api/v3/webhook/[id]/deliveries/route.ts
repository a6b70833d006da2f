// GET /api/v3/webhook/{id}/deliveries — alias of GET /api/v1/webhook/{id}/deliveries
export { GET } from "../../../../v1/webhook/[id]/deliveries/route";
