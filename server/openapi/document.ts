// The OpenAPI 3.1 document, generated from contract/: the endpoint table gives the paths and query parameters,
// the zod schemas give the bodies. Nothing here restates a shape by hand.
import { z } from 'zod';
import { accountPaths, passkeyCeremonySchema } from '../../contract/accounts';
import { catalogueResponseSchemas } from '../../contract/catalogue';
import {
  API_PREFIX,
  actionPaths,
  cataloguePaths,
  myDataPaths,
  SERVICE_API_KEY_HEADER,
} from '../../contract/endpoints';
import { apiErrorSchema } from '../../contract/errors';
import {
  generateEmptyRoomRequestSchema,
  generateKitchenRequestSchema,
  generationHistorySchema,
  IDEMPOTENCY_KEY_HEADER,
  jobPaths,
  jobResponseSchema,
} from '../../contract/generation';
import { imageLimits } from '../../contract/image-limits';
import { IMAGE_PATH, IMAGE_UPLOAD_FIELD, validateImageResponseSchema } from '../../contract/images';
import { deleteMyDataRequestSchema, EXPORT_DATA_FILE } from '../../contract/my-data';
import { sharePaths } from '../../contract/share-paths';
import {
  createdShareSchema,
  createShareRequestSchema,
  jobChoicesResponseSchema,
  shareListSchema,
  shareResponseSchema,
} from '../../contract/sharing';
import {
  MARKED_SURFACES,
  SURFACE_MASK_PATH,
  SURFACE_MASKS_PATH,
  surfaceMasksResponseSchema,
} from '../../contract/surface-masks';
import {
  authorizeRequestSchema,
  authorizeResponseSchema,
  SERVICE_USER_ID_HEADER,
} from '../../contract/users';
import { SWATCH_ROUTE } from '../catalogue/catalogue';
import { MAX_MASK_BYTES } from '../images/mask-routes';
import { LIVE_LINKS_PER_KITCHEN } from '../sharing/share-store';
import { SESSION_COOKIE } from '../users/session';

type JsonObject = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;

const json = (schema: z.ZodType, io?: 'input' | 'output') => ({
  'application/json': { schema: jsonSchema(schema, io) },
});

const errorResponse = (description: string) => ({ description, content: json(apiErrorSchema) });

/** `/store/worktops/colours-in-group/:group` becomes `/store/worktops/colours-in-group/{group}`. */
const openApiPath = (path: string) => `${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`;
const pathParameterNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');

const stringParameter = (name: string, where: 'query' | 'path', required = true) => ({
  name,
  in: where,
  required,
  schema: { type: 'string' },
});

/** Spec §7 marks these catalogue query parameters optional; every other one listed in the table is required. */
const optionalCatalogueQuery: Partial<Record<keyof typeof cataloguePaths, readonly string[]>> = {
  worktopColours: ['colour_group'],
  worktopPreviews: ['colour_group', 'colour'],
};

function catalogueOperations(): Record<string, JsonObject> {
  const entries = Object.entries(cataloguePaths).map(([name, entry]) => {
    const optional = optionalCatalogueQuery[name as keyof typeof cataloguePaths] ?? [];
    const operation = {
      get: {
        operationId: name,
        tags: ['catalogue'],
        summary: `Catalogue lookup: the list under \`${entry.reads}\`.`,
        parameters: [
          ...pathParameterNames(entry.path).map((parameter) => stringParameter(parameter, 'path')),
          ...entry.query.map((parameter) =>
            stringParameter(parameter, 'query', !optional.includes(parameter)),
          ),
        ],
        responses: {
          200: {
            description: 'The list (empty when nothing matches).',
            content: json(catalogueResponseSchemas[name as keyof typeof catalogueResponseSchemas]),
            headers: {
              ETag: { schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string' } },
            },
          },
          304: { description: 'Not modified (the request sent the current ETag in If-None-Match).' },
          400: errorResponse('A query parameter is missing or malformed.'),
          404: errorResponse('Nothing is known under these parameters (the app reads it as an empty list).'),
        },
      },
    };
    return [openApiPath(entry.path), operation] as const;
  });
  const swatch = {
    get: {
      operationId: 'catalogueSwatch',
      tags: ['catalogue'],
      summary: 'A rendered colour swatch, as linked from `image_url` in catalogue answers; immutable.',
      parameters: [stringParameter('version', 'path'), stringParameter('file', 'path')],
      responses: {
        200: {
          description: 'WebP image.',
          content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
        },
        404: errorResponse('No such swatch.'),
      },
    },
  };
  return { ...Object.fromEntries(entries), [openApiPath(SWATCH_ROUTE)]: swatch };
}

/** The passkey routes (docs/api.md "Accounts"): options in, the browser's answer back. */
function accountOperations(): Record<string, JsonObject> {
  const accountAnswer = z.object({
    userId: z.number().int().positive(),
    generationsRemaining: z.number().int(),
  });
  const operation = (operationId: string, summary: string, answer: JsonObject, withCredential: boolean) => ({
    post: {
      operationId,
      tags: ['accounts'],
      summary,
      ...(withCredential && {
        requestBody: { required: true, content: json(passkeyCeremonySchema, 'input') },
      }),
      responses: {
        ...answer,
        400: errorResponse('The prompt expired or was answered already, or the passkey did not verify.'),
        403: errorResponse('Unknown passkey, a disabled account, a service caller, or a cross-site request.'),
        503: errorResponse('PUBLIC_BASE_URL is not configured and the request is not a loopback one.'),
      },
    },
  });
  const options = { 200: { description: 'Options for navigator.credentials (@simplewebauthn JSON).' } };
  const signedIn = { 200: { description: 'Whose the session now is.', content: json(accountAnswer) } };
  const table: Array<
    [path: string, id: string, summary: string, answer: JsonObject, withCredential: boolean]
  > = [
    [
      accountPaths.registrationOptions,
      'passkeyRegistrationOptions',
      'Save my kitchens, step 1: creation options for a new passkey of the session user.',
      options,
      false,
    ],
    [
      accountPaths.register,
      'registerPasskey',
      'Save my kitchens, step 2: the new passkey; the user becomes an account.',
      signedIn,
      true,
    ],
    [accountPaths.signInOptions, 'signInOptions', 'Sign in, step 1: request options.', options, false],
    [
      accountPaths.signIn,
      'signIn',
      "Sign in, step 2: the passkey's assertion; this browser's guest joins the account.",
      signedIn,
      true,
    ],
    [
      accountPaths.signOut,
      'signOut',
      "Ends this browser's session only.",
      { 204: { description: 'Signed out; the cookie is cleared.' } },
      false,
    ],
  ];
  return Object.fromEntries(
    table.map(([path, id, summary, answer, withCredential]) => [
      openApiPath(path),
      operation(id, summary, answer, withCredential),
    ]),
  );
}

function actionOperations(): Record<string, JsonObject> {
  return {
    [openApiPath(actionPaths.authorizeUser)]: {
      post: {
        operationId: 'authorizeUser',
        tags: ['users'],
        summary:
          "Confirms that the boot data's user id belongs to this session (or the service caller's user).",
        requestBody: { required: true, content: json(authorizeRequestSchema, 'input') },
        responses: {
          200: {
            description: 'The session user and their remaining generations.',
            content: json(authorizeResponseSchema),
          },
          400: errorResponse('The body has no valid `userId`.'),
          401: errorResponse('A service API key was sent and is wrong.'),
          403: errorResponse('The user id is not the session user (or the request is cross-site).'),
        },
      },
    },
    [openApiPath(actionPaths.validateImageContent)]: {
      post: {
        operationId: 'validateImageContent',
        tags: ['images'],
        summary: 'Uploads a kitchen photo; answers whether it is safe, and keeps a safe one (normalised).',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: [IMAGE_UPLOAD_FIELD],
                properties: { [IMAGE_UPLOAD_FIELD]: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: {
          200: { description: 'The verdict.', content: json(validateImageResponseSchema) },
          400: errorResponse('The upload is empty or malformed.'),
          403: errorResponse('Cross-site request.'),
          413: errorResponse(`More than ${imageLimits.maxBytes} bytes or ${imageLimits.maxPixels} pixels.`),
          415: errorResponse('Not a supported image type (detected from the content), or not multipart.'),
          422: errorResponse('The image cannot be decoded.'),
          429: errorResponse('Too many requests from this client; retry later.'),
        },
      },
    },
    [openApiPath(IMAGE_PATH)]: {
      get: {
        operationId: 'getImage',
        tags: ['images'],
        summary: "A stored photo, for its owner only (another user's id answers 404).",
        parameters: [stringParameter('id', 'path')],
        responses: {
          200: {
            description: 'The normalised image.',
            content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
          },
          404: errorResponse('No such image for this user.'),
        },
      },
    },
    ...surfaceMaskOperations(),
  };
}

/** A photo's marked surfaces (issue 22): one grey PNG per surface at the photo's size, owner-only. */
function surfaceMaskOperations(): Record<string, JsonObject> {
  const idParameter = stringParameter('id', 'path');
  const masksAnswer = {
    description: 'The photo’s size and its marked surfaces.',
    content: json(surfaceMasksResponseSchema),
  };
  const notFound = errorResponse('No such photo for this user.');
  const png = { 'image/png': { schema: { type: 'string', format: 'binary' } } };
  return {
    [openApiPath(SURFACE_MASKS_PATH)]: {
      put: {
        operationId: 'replaceSurfaceMasks',
        tags: ['images'],
        summary:
          'Replaces the photo’s masks: one part per surface, a PNG at the photo’s exact size (255 = the surface); a surface left out is unmarked.',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: Object.fromEntries(
                  MARKED_SURFACES.map((surface) => [surface, { type: 'string', format: 'binary' }]),
                ),
              },
            },
          },
        },
        responses: {
          200: masksAnswer,
          400: errorResponse(
            'MASK_UNKNOWN_SURFACE: a part names no surface, or one is sent twice; or a malformed body.',
          ),
          403: errorResponse('Cross-site request.'),
          404: notFound,
          413: errorResponse(
            `A mask over ${MAX_MASK_BYTES} bytes, or STORAGE_LIMIT_REACHED: the masks would pass the user’s storage cap.`,
          ),
          422: errorResponse(
            'MASK_SIZE_MISMATCH (not the photo’s size) or MASK_UNDECODABLE (not a readable PNG).',
          ),
          429: errorResponse('Too many requests from this client; retry later.'),
        },
      },
      get: {
        operationId: 'getSurfaceMasks',
        tags: ['images'],
        summary: 'Which surfaces are marked on the photo.',
        parameters: [idParameter],
        responses: { 200: masksAnswer, 404: notFound },
      },
      delete: {
        operationId: 'deleteSurfaceMasks',
        tags: ['images'],
        summary: 'Unmarks every surface of the photo.',
        parameters: [idParameter],
        responses: {
          204: { description: 'Unmarked.' },
          403: errorResponse('Cross-site request.'),
          404: notFound,
        },
      },
    },
    [openApiPath(SURFACE_MASK_PATH)]: {
      get: {
        operationId: 'getSurfaceMask',
        tags: ['images'],
        summary: 'One surface’s mask: an 8-bit grey PNG at the photo’s size.',
        parameters: [
          idParameter,
          { ...stringParameter('surface', 'path'), schema: { enum: [...MARKED_SURFACES] } },
        ],
        responses: {
          200: { description: 'The mask.', content: png },
          400: errorResponse('MASK_UNKNOWN_SURFACE'),
          404: errorResponse('The surface is not marked, or no such photo for this user.'),
        },
      },
    },
  };
}

const remainingHeader = { 'Generations-Remaining': { schema: { type: 'integer', minimum: 0 } } };

/** Generation is a job (DESIGN D7): the POSTs answer at once; the job is then followed until it ends. */
function generationOperations(): Record<string, JsonObject> {
  const jobAnswer = (description: string) => ({
    description,
    content: json(jobResponseSchema),
    headers: remainingHeader,
  });
  const jobParameter = [stringParameter('id', 'path')];
  const post = (operationId: string, summary: string, body: z.ZodType, extra: JsonObject = {}) => ({
    post: {
      operationId,
      tags: ['generation'],
      summary,
      parameters: [
        { name: IDEMPOTENCY_KEY_HEADER, in: 'header', required: false, schema: { type: 'string' } },
      ],
      requestBody: { required: true, content: json(body, 'input') },
      responses: {
        202: jobAnswer('The job, queued.'),
        400: errorResponse('A field is missing or names nothing in the catalogue (the message names it).'),
        404: errorResponse("The photo or empty room is not this user's."),
        429: errorResponse(
          'No generations left (GENERATION_LIMIT_REACHED), none left for your network today (NETWORK_LIMIT_REACHED, ' +
            'Retry-After), or too many jobs in progress (TOO_MANY_JOBS).',
        ),
        503: errorResponse(
          "Today's budget of paid generations is spent (DAILY_BUDGET_REACHED, Retry-After); nothing charged.",
        ),
        ...extra,
      },
    },
  });
  return {
    [openApiPath(actionPaths.generateEmptyRoom)]: post(
      'generateEmptyRoom',
      'Starts emptying the room in a stored photo: free with the local provider; with a paid one it claims a generation like a kitchen.',
      generateEmptyRoomRequestSchema,
    ),
    [openApiPath(actionPaths.generateKitchen)]: post(
      'generateKitchen',
      'Starts generating the kitchen; claims one generation, given back if the job fails or is cancelled.',
      generateKitchenRequestSchema,
      {
        200: jobAnswer(
          'Offline only: this photo, its marked surfaces and these choices made a kitchen already; that job answers, uncharged.',
        ),
      },
    ),
    [openApiPath(jobPaths.job)]: {
      get: {
        operationId: 'getJob',
        tags: ['generation'],
        summary: 'A job and its stage, for its owner only.',
        parameters: jobParameter,
        responses: { 200: jobAnswer('The job.'), 404: errorResponse('No such job for this user.') },
      },
    },
    [openApiPath(jobPaths.cancel)]: {
      post: {
        operationId: 'cancelJob',
        tags: ['generation'],
        summary: 'Cancels a job that has not ended; its generation is given back.',
        parameters: jobParameter,
        responses: {
          200: jobAnswer('The job, cancelled (or as it ended).'),
          404: errorResponse('No such job.'),
        },
      },
    },
    [openApiPath(jobPaths.layoutSketch)]: {
      get: {
        operationId: 'layoutSketch',
        tags: ['generation'],
        summary:
          "A succeeded kitchen's layout sketch: the concept drawing of its layout and island, labelled as a sketch; owner-only.",
        parameters: jobParameter,
        responses: {
          200: {
            description: 'The sketch.',
            content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
          },
          404: errorResponse('No such succeeded kitchen for this user, or its photo is gone.'),
        },
      },
    },
    [openApiPath(jobPaths.history)]: {
      get: {
        operationId: 'generationHistory',
        tags: ['generation'],
        summary: "The user's kitchen generations, newest first.",
        responses: {
          200: { description: 'The jobs.', content: json(generationHistorySchema), headers: remainingHeader },
        },
      },
    },
  };
}

/** The caller's own data (issue 15; D36). */
function myDataOperations(): Record<string, JsonObject> {
  return {
    [openApiPath(myDataPaths.me)]: {
      delete: {
        operationId: 'deleteMyData',
        tags: ['users'],
        summary:
          "Erases the caller's photos, empty rooms, results, jobs, claims, sessions and account; the cookie is cleared.",
        requestBody: { required: true, content: json(deleteMyDataRequestSchema, 'input') },
        responses: {
          204: { description: 'Erased (also when there was nothing to erase).' },
          400: errorResponse('The body lacks `{"confirm": "delete"}` (CONFIRMATION_REQUIRED).'),
          403: errorResponse('A cross-site request.'),
        },
      },
    },
    [openApiPath(myDataPaths.export)]: {
      get: {
        operationId: 'exportMyData',
        tags: ['users'],
        summary: `A zip of the caller's images and \`${EXPORT_DATA_FILE}\` (their choices and generations).`,
        responses: {
          200: {
            description: 'The zip (an attachment); a visitor without a session gets one with an empty JSON.',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
  };
}

/** Share links (issue 16): the owner's calls; the public pages outside the API are listed in docs/api.md. */
function shareOperations(): Record<string, JsonObject> {
  const id = [stringParameter('id', 'path')];
  const operation = (operationId: string, summary: string, ok: JsonObject, extra: JsonObject = {}) => ({
    operationId,
    tags: ['sharing'],
    summary,
    parameters: id,
    responses: { ...ok, 404: errorResponse("Not the caller's (or no such) kitchen or link.") },
    ...extra,
  });
  return {
    [openApiPath(sharePaths.jobShares)]: {
      get: operation('listShares', "The result's share links, oldest first.", {
        200: { description: 'The links.', content: json(shareListSchema) },
      }),
      post: operation(
        'createShare',
        'A new share link to a finished kitchen; its address is answered only here.',
        {
          201: { description: 'The link and its address.', content: json(createdShareSchema) },
          409: errorResponse(
            `SHARE_LIMIT_REACHED: the kitchen has ${LIVE_LINKS_PER_KITCHEN} live links; revoke one first.`,
          ),
        },
        { requestBody: { required: true, content: json(createShareRequestSchema, 'input') } },
      ),
    },
    [openApiPath(sharePaths.revoke)]: {
      post: operation('revokeShare', 'Revokes a share link: it answers 404 from then on.', {
        200: { description: 'The link, revoked.', content: json(shareResponseSchema) },
      }),
    },
    [openApiPath(sharePaths.jobChoices)]: {
      get: operation('kitchenChoices', "A finished kitchen's choices in words, and its picture's id.", {
        200: { description: 'The choices.', content: json(jobChoicesResponseSchema) },
      }),
    },
  };
}

export function buildOpenApiDocument(): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kitchen Reimagined API',
      version: '1',
      description:
        'Browsers are identified by a signed session cookie (a guest user is created on the first visit). ' +
        `Server-to-server callers send \`${SERVICE_API_KEY_HEADER}\` and name the user in \`${SERVICE_USER_ID_HEADER}\`. ` +
        `Generation routes answer \`Generations-Remaining\` on every response and honour \`${IDEMPOTENCY_KEY_HEADER}\`. ` +
        'Every error is JSON: `{ statusCode, error, message, code? }`.',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }, { serviceKey: [], serviceUser: [] }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        serviceKey: { type: 'apiKey', in: 'header', name: SERVICE_API_KEY_HEADER },
        serviceUser: { type: 'apiKey', in: 'header', name: SERVICE_USER_ID_HEADER },
      },
      schemas: { ApiError: jsonSchema(apiErrorSchema) },
    },
    paths: {
      ...catalogueOperations(),
      ...actionOperations(),
      ...generationOperations(),
      ...myDataOperations(),
      ...shareOperations(),
      ...accountOperations(),
      [`${API_PREFIX}/openapi.json`]: {
        get: {
          operationId: 'openApiDocument',
          tags: ['meta'],
          summary: 'This document.',
          security: [],
          responses: { 200: { description: 'OpenAPI 3.1.', content: { 'application/json': {} } } },
        },
      },
    },
  };
}
