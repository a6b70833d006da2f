// The presenter view of an id the signed-in account does not own (or that does not exist): the
// editor's 404, which shows nothing about it.
export { default } from "@/app/(app)/editor/[id]/not-found";
