import { z } from 'zod';

/** A user id on the wire: a positive integer, also accepted as a numeric string (spec §2). */
export const userIdSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'a positive integer')
    .transform(Number),
]);

/** `POST /users/authorize`: the app asks whether the boot data's user id belongs to its session. */
export const authorizeRequestSchema = z.object({ userId: userIdSchema });

export const authorizeResponseSchema = z.object({
  userId: z.number().int().positive(),
  generationsRemaining: z.number().int().min(0),
  generationLimit: z.number().int().min(0),
  /** How many days uploaded photos and generated kitchens are kept before they expire. */
  imageRetentionDays: z.number().int().positive(),
  /** Days without a visit after which a session ends (`SESSION_IDLE_DAYS`); absent from older servers. */
  sessionIdleDays: z.number().int().positive().optional(),
  /** Days after which a session ends however active (`SESSION_MAX_DAYS`); absent from older servers. */
  sessionMaxDays: z.number().int().positive().optional(),
  /** True once the user has saved their kitchens with a passkey (an account); absent from older servers. */
  isAccount: z.boolean().optional(),
});
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/** Boot data the server injects into the page as `<script type="application/json" id="boot-data">`. */
export const bootDataSchema = z.object({
  userId: userIdSchema,
  baseUrl: z.string().optional(),
  /**
   * The image service this site makes kitchens with (contract/image-services.ts), so the pages say what it does;
   * a value of another type is ignored, and the app then reads the offline default.
   */
  imageService: z.string().optional().catch(undefined),
});
export type BootData = z.input<typeof bootDataSchema>;

/**
 * A server-to-server caller (authenticated by the service API key) names the user it acts for in this
 * header. Browsers never send either header: they are identified by their session cookie.
 */
export const SERVICE_USER_ID_HEADER = 'X-User-Id';
