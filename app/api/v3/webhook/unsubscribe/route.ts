// DELETE /api/v3/webhook/unsubscribe — alias of DELETE /api/v1/webhook/unsubscribe
export { DELETE } from "../../../v1/webhook/unsubscribe/route";
