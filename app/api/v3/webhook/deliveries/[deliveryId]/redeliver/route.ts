// POST /api/v3/webhook/deliveries/{deliveryId}/redeliver — alias of the v1 route
export { POST } from "../../../../../v1/webhook/deliveries/[deliveryId]/redeliver/route";
