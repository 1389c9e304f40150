import { z } from 'zod';
import type { NamedChoice } from './wizard-steps';

// Generation is a job (DESIGN D7): the POST answers at once with the job and the Generations-Remaining header;
// the app follows the job's stages until it succeeds or fails. Each request keeps the 20 s HTTP timeout.

export const JOB_STAGES = ['queued', 'preparing', 'rendering', 'finishing'] as const;
export const JOB_OUTCOMES = ['succeeded', 'failed', 'cancelled'] as const;
export const jobStateSchema = z.enum([...JOB_STAGES, ...JOB_OUTCOMES]);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobKindSchema = z.enum(['empty_room', 'kitchen']);
export type JobKind = z.infer<typeof jobKindSchema>;

export const generationJobSchema = z.object({
  id: z.uuid(),
  kind: jobKindSchema,
  state: jobStateSchema,
  /** The stored result image (owner-only, served at `/api/v1/images/{id}`); null until succeeded. */
  resultImageId: z.uuid().nullable(),
  /** A message for the user when the job failed; null otherwise. */
  error: z.string().nullable(),
  /** Which provider made it, e.g. `local` (the visitor's photo recoloured offline) or `openai`. */
  provider: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * A succeeded kitchen's layout sketch (issue 22): the concept drawing of the chosen layout and island, labelled
   * as a sketch, to show beside the photo result (which keeps the room as it is). An API path (GET, owner-only,
   * JPEG); null otherwise. Optional so that answers from servers that did not say still parse.
   */
  layoutSketchUrl: z.string().nullable().optional(),
  /**
   * A sentence for the visitor about the result, when there is one: e.g. nothing was marked on the photo, so it
   * is shown as it is, and marking the fronts and worktop would recolour them. Optional, as above.
   */
  resultNote: z.string().nullable().optional(),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;

export const jobResponseSchema = z.object({ job: generationJobSchema });

/** POST /kitchen/generate_empty_room, JSON. */
export const generateEmptyRoomRequestSchema = z.object({ imageId: z.uuid() });
export type GenerateEmptyRoomRequest = z.infer<typeof generateEmptyRoomRequestSchema>;

/** The most choices one generation request may list (the spec's wizard lists nine). */
export const MAX_CONFIGURATION_CHOICES = 40;

/** Words a prompt may carry: letters (any script), digits, spaces and plain punctuation; never markup or quotes. */
const choiceWords = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[\p{L}\p{N} ,.'&()/+-]+$/u, "letters, digits, spaces and , . ' & ( ) / + - only");

/**
 * One choice of the configuration as data (D40): a `ChosenOption` (contract/wizard-steps.ts) on the wire, whose
 * words a caller may leave out and whose hex it never sends (the catalogue's is the truth). The server checks the
 * steps it knows against the catalogue and names the others in words.
 */
export const configurationChoiceSchema = z.object({
  step: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'a step id: lower-case words joined by -'),
  value: choiceWords,
  label: choiceWords.optional(),
});
export type ConfigurationChoice = z.infer<typeof configurationChoiceSchema>;

/** A chosen option with its choice's name (`NamedChoice`): how every view of a kitchen's choices lists one. */
export const namedChoiceSchema = z.object({
  /** The wizard step that made the choice (a `KnownChoiceStep`, or a step the server does not know). */
  step: configurationChoiceSchema.shape.step,
  /** The choice's name (`choiceNameOf`): "Front color". */
  name: z.string(),
  /** The option's value: a catalogue id, a layout id, "yes" or the words. */
  value: z.string(),
  /** The option in words: "Sage". */
  label: z.string(),
  /** The colour value shown beside the words, for the known choices that are a colour. */
  hex: z.string().optional(),
}) satisfies z.ZodType<NamedChoice>;

export const configurationChoicesSchema = z
  .array(configurationChoiceSchema)
  .max(MAX_CONFIGURATION_CHOICES)
  .refine((choices) => new Set(choices.map(({ step }) => step)).size === choices.length, {
    message: 'each step at most once',
  });

/**
 * POST /kitchen/generate_kitchen, JSON. The catalogue's preview ids carry every choice behind them: the front's
 * door-style group, handle choice, finish, colour group and colour; the worktop's material, colour and finish.
 */
export const generateKitchenRequestSchema = z.object({
  imageId: z.uuid(),
  emptyRoomId: z.uuid().nullable(),
  frontalId: z.uuid(),
  worktopId: z.uuid(),
  shape: z.string().min(1),
  hasIsland: z.boolean(),
  /** Every choice as a list (D40); optional, so the spec's request keeps working. */
  choices: configurationChoicesSchema.optional(),
});
export type GenerateKitchenRequest = z.infer<typeof generateKitchenRequestSchema>;

/** Where a job is followed (relative to API_PREFIX): GET the job (polled), or POST to cancel it. */
export const jobPaths = {
  job: '/kitchen/jobs/:id',
  cancel: '/kitchen/jobs/:id/cancel',
  /** GET: the user's earlier kitchen generations, newest first. */
  history: '/kitchen/generations',
  /** GET: a succeeded kitchen's layout sketch, as JPEG (the job's `layoutSketchUrl`). */
  layoutSketch: '/kitchen/jobs/:id/layout-sketch',
} as const;

/** A kitchen as the history lists it: its job, and the uploaded photo it was made from (the request's `imageId`). */
export const pastKitchenJobSchema = generationJobSchema.extend({
  /** Optional so that answers from servers that did not say still parse. */
  sourceImageId: z.uuid().optional(),
  /** Its choices in words, in the wizard's order (issue 25: the history says what each kitchen was); optional too. */
  choices: z.array(namedChoiceSchema).optional(),
});
export type PastKitchenJob = z.infer<typeof pastKitchenJobSchema>;

export const generationHistorySchema = z.object({ jobs: z.array(pastKitchenJobSchema) });

/** The header a client sends so a repeated generation request is not charged twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The `code` of each generation refusal (in the `contract/errors.ts` body), for the app to word or map. */
export const generationErrorCodes = [
  /** 429: no generations left; `Generations-Remaining: 0`. */
  'GENERATION_LIMIT_REACHED',
  /** 429: the user already has several jobs queued or running. */
  'TOO_MANY_JOBS',
  /** 429: guests from one network have used today's allowance; `Retry-After`. */
  'NETWORK_LIMIT_REACHED',
  /** 503: the service's daily budget is spent; `Retry-After`. Nothing is charged. */
  'DAILY_BUDGET_REACHED',
  /** 400: `frontalId`, `worktopId`, `shape` or a listed choice is not in the catalogue (the message names it). */
  'UNKNOWN_CHOICE',
  /** 404: no such job for this user. */
  'JOB_NOT_FOUND',
] as const;
export type GenerationErrorCode = (typeof generationErrorCodes)[number];
