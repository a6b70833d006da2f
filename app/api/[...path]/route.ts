// Any other /api path — a problem body instead of an HTML 404 page
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";

const notFound = withErrors<{ path: string[] }>(async ({ req }) => {
  throw new ApiError("not_found", `No API endpoint at ${req.method} ${new URL(req.url).pathname}.`);
});

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };
