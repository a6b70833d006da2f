// GET/DELETE /api/v1/ppt/presentation/status/{id} — alias of /api/v3/async-task/status/{id}
export { DELETE, GET } from "@/app/api/v3/async-task/status/[id]/route";
