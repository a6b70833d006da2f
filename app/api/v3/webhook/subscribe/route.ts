// POST /api/v3/webhook/subscribe — alias of POST /api/v1/webhook/subscribe
export { POST } from "../../../v1/webhook/subscribe/route";
