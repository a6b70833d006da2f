/** OpenAPI entries of the editor's media endpoints: icon search, picture sources, search and upload. */
import "server-only";
import {
  IMAGE_SEARCH_MAX,
  ZIconsQuery,
  ZIconsResponse,
  ZImageSearchRequest,
  ZImageSearchResponse,
  ZImageSourcesResponse,
  ZImageUploadForm,
  ZImageUploadResponse,
} from "@/lib/api/schemas/media";
import { listIcons } from "@/lib/media/list-icons";
import type { TApiRoute } from "./routes";

const SHA_A = "9c1f4e2b7a6d3c8e0f5b2a7d4c9e1f6b3a8d5c2e7f0b4a9d6c3e8f1b5a2d7c4e";
const SHA_B = "2e7f0b4a9d6c3e8f1b5a2d7c4e9c1f4e2b7a6d3c8e0f5b2a7d4c9e1f6b3a8d5c";
const SHA_C = "5b2a7d4c9e1f6b3a8d5c2e7f0b4a9d6c3e8f1b5a2d7c4e9c1f4e2b7a6d3c8e0f";
const asset = (sha: string, ext: "jpg" | "png" = "jpg") => ({
  asset: `assets/${sha}.${ext}`,
  url: `/api/v1/ppt/assets/${sha}.${ext}`,
});

const EXAMPLE_STOCK = {
  source: "stock",
  available: true,
  provider: "Pexels",
  message: null,
  images: [
    {
      id: "pexels:9875441",
      query: "solar panels on a clinic roof",
      ...asset(SHA_A),
      width: 1067,
      height: 1600,
      alt: "Solar panels on a roof under a blue sky",
      credit: "Photo by Kindel Media on Pexels",
      source_url: "https://www.pexels.com/photo/9875441/",
    },
    {
      id: "pexels:4254166",
      query: "solar panels on a clinic roof",
      ...asset(SHA_B),
      width: 1067,
      height: 1600,
      credit: "Photo by Mark Stebnicki on Pexels",
      source_url: "https://www.pexels.com/photo/4254166/",
    },
  ],
  credits_consumed: 0,
} as const;

const EXAMPLE_AI = {
  source: "ai",
  available: true,
  provider: "OpenAI",
  message: null,
  images: [
    {
      id: `openai:${SHA_C}`,
      query: "solar panels on a clinic roof",
      ...asset(SHA_C, "png"),
      width: 1067,
      height: 1600,
      alt: "solar panels on a clinic roof",
      credit: "AI-generated image (OpenAI gpt-image-1)",
    },
  ],
  credits_consumed: 2,
  balance_before: 91,
  balance_after: 89,
} as const;

const EXAMPLE_OFFLINE = {
  source: "offline",
  available: true,
  provider: "offline",
  message: null,
  images: [
    {
      id: "offline:1",
      query: "solar clinic",
      url: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA1NzYgNzIwIj4…",
      width: 576,
      height: 720,
    },
    {
      id: "offline:2",
      query: "solar clinic concept",
      url: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA1NzYgNzIwIj4…",
      width: 576,
      height: 720,
    },
  ],
  credits_consumed: 0,
} as const;

const EXAMPLE_UNAVAILABLE = {
  source: "stock",
  available: false,
  provider: null,
  message:
    "No stock image provider is configured (set PEXELS_API_KEY, UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY).",
  images: [],
  credits_consumed: 0,
} as const;

export const MEDIA_ROUTES: TApiRoute[] = [
  {
    method: "get",
    path: "/api/v1/ppt/icons",
    operationId: "searchIcons",
    summary: "Search icons",
    description:
      "Searches the Lucide icon set the service ships, the way slide content's `icon` is resolved: an icon name or older alias as is, otherwise keywords matched against a table of presentation topics (`growth` → trending-up, `launch` → rocket), icon names and Lucide's tags. Each icon comes with its SVG markup (stroked in `currentColor`), taken from the shipped set. An empty `q` answers a default set of icons that suit slides. Charges nothing.",
    tags: ["Editor"],
    auth: "api-key",
    query: { schema: ZIconsQuery, handlerParses: true },
    response: {
      status: 200,
      description: "Icons, best match first.",
      schema: ZIconsResponse,
      examples: { launch: { summary: "q=launch&limit=2", value: listIcons({ q: "launch", limit: 2 }) } },
    },
    errors: ["invalid_field"],
  },
  {
    method: "get",
    path: "/api/v1/ppt/images/search",
    operationId: "getImageSources",
    summary: "Picture sources",
    description:
      "Which sources POST /api/v1/ppt/images/search can use on this server: the configured stock photo library (IMAGE_PROVIDER or the first of PEXELS_API_KEY, UNSPLASH_ACCESS_KEY, PIXABAY_API_KEY), the configured image model (AI_IMAGE_PROVIDER or the first of OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY) with its price per picture, and the offline illustrations (always). An unavailable source carries the sentence to show instead of results.",
    tags: ["Editor"],
    auth: "api-key",
    response: {
      status: 200,
      description: "Each source's state.",
      schema: ZImageSourcesResponse,
      examples: {
        stockOnly: {
          summary: "A stock library, no image model",
          value: {
            stock: { available: true, provider: "Pexels", message: null },
            ai: {
              available: false,
              provider: null,
              message:
                "No AI image provider is configured (set OPENAI_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY).",
              credits_per_image: 2,
            },
            offline: { available: true, provider: "offline", message: null },
          },
        },
      },
    },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/ppt/images/search",
    operationId: "searchImages",
    summary: "Search pictures",
    description: `Finds pictures for a slide. \`stock\`: up to ${IMAGE_SEARCH_MAX.stock} photos from the configured library, downloaded (public addresses only, size-capped) and stored, each with its credit line — the previews are the stored pictures a slide will use. \`ai\`: up to ${IMAGE_SEARCH_MAX.ai} pictures from the configured image model, stored; each costs CREDITS_PER_AI_IMAGE, reserved before generating (402 when the balance is short), charged for the pictures made and refunded when none could be made; the answer has the balance before and after. \`offline\`: illustrations drawn from the query in the theme's colours; pick one by setting \`image.query\` to its \`query\` and leaving out \`image.asset\`. With no provider of the kind configured the answer is a 200 with \`available: false\` and a \`message\` naming the variables to set (nothing charged). A provider that fails is a 503. Put a picked picture on a slide with PUT /api/v1/ppt/presentation/{id} (\`image: {query, asset, alt, credit}\`, framed by the optional \`fit\`, \`focus\` and \`crop\`).`,
    tags: ["Editor"],
    auth: "api-key",
    body: {
      mediaType: "application/json",
      schema: ZImageSearchRequest,
      example: { q: "solar clinic", source: "offline", count: 2, theme: "ocean" },
    },
    response: {
      status: 200,
      description: "The pictures found, or why there are none.",
      schema: ZImageSearchResponse,
      examples: {
        stock: { summary: "Stock photos", value: EXAMPLE_STOCK },
        ai: { summary: "A generated picture, charged", value: EXAMPLE_AI },
        offline: { summary: "Offline illustrations (data URIs shortened)", value: EXAMPLE_OFFLINE },
        unavailable: { summary: "No stock provider configured", value: EXAMPLE_UNAVAILABLE },
      },
    },
    errors: ["insufficient_credits", "not_found", "provider_unavailable"],
  },
  {
    method: "post",
    path: "/api/v1/ppt/images/upload",
    operationId: "uploadImage",
    summary: "Upload a picture",
    description:
      "Stores a picture for a slide. The type is judged by the file's first bytes: PNG, JPEG, WebP or GIF (first frame) are accepted, anything else is a 415; a picture that does not decode is a 422; a file over IMAGE_MAX_BYTES (default 10 MB) is a 413. The picture is re-encoded (upright, at most 1600 px a side, metadata dropped; JPEG, or PNG when it has transparency) and stored by the SHA-256 of the result, as a picture of this account (GET /api/v1/ppt/assets/{name} serves it to this account only); set `image.asset` to the answered `asset` (in the editor's save or create/from-json).",
    tags: ["Editor"],
    auth: "api-key",
    body: {
      mediaType: "multipart/form-data",
      schema: ZImageUploadForm,
      description:
        'One `file` part. Example: `curl -H "Authorization: Bearer $DECKFORGE_KEY" -F file=@team-photo.jpg https://deckforge.example.com/api/v1/ppt/images/upload`.',
      encoding: { file: "image/png, image/jpeg, image/webp, image/gif, application/octet-stream" },
    },
    response: {
      status: 201,
      description: "The stored picture.",
      schema: ZImageUploadResponse,
      examples: { uploaded: { value: { ...asset(SHA_A), width: 1600, height: 1067 } } },
    },
    errors: ["unsupported_media_type", "invalid_field", "payload_too_large"],
  },
];
