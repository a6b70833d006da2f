// POST /api/v3/files/upload — alias of POST /api/v1/ppt/files/upload
export { DELETE, GET, PATCH, POST, PUT } from "../../../v1/ppt/files/upload/route";
