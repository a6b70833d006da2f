import "server-only";
import { ApiError } from "./errors";

/**
 * Reads a multipart/form-data body of at most `maxBody` bytes: refused from its Content-Length
 * when it declares more, and counted while it streams in, before it is buffered, so an undeclared
 * large body is cut off too. `tooLarge` makes the 413 to throw; an unreadable body is a 400. The
 * caller has checked the media type (`type`).
 */
export async function readLimitedForm(
  req: Request,
  type: string,
  maxBody: number,
  tooLarge: () => ApiError,
): Promise<FormData> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBody) throw tooLarge();
  let overLimit = false;
  let seen = 0;
  const limited = req.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBody) {
          overLimit = true;
          controller.error(new Error("body too large"));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(limited ?? "", { headers: { "content-type": type } }).formData();
  } catch (error) {
    if (overLimit) throw tooLarge();
    throw new ApiError("bad_request", `The multipart body could not be read: ${(error as Error).message}`);
  }
}
