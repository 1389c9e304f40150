// The shapes of what the browser keeps (spec §3), checked on every read: storage is outside our control.
import { z } from 'zod';
import { STEP_IDS, type StepId } from '../../machines/kitchen/steps';

const text = z.string().nullable();
const flag = z.boolean().nullable();

const moderationVerdict = z.object({ isSafe: z.boolean(), timestamp: z.number(), expiresAt: z.number() });

export const wizardStateSchema = z.object({
  inputImageDataUrl: text,
  inputImageId: text.default(null),
  inputImageKey: text.default(null),
  lastGeneratedImageDataUrl: text,
  lastGenerationProvider: text.default(null),
  emptyRoomId: text,
  currentStep: z.enum(STEP_IDS as [StepId, ...StepId[]]),
  moderationPassed: flag,
  moderationCache: z.record(z.string(), moderationVerdict),
  selectedDesign: text,
  selectedDesignImage: text,
  selectedStyle: text,
  selectedColor: text,
  hasIsland: flag,
  selectedShape: text,
});

const frontalPreview = z.object({
  id: z.string(),
  colour: z.string(),
  primary_hex: z.string(),
  image_url: z.string(),
});

export const frontalsSchema = z.object({
  doorStyleGroup: text,
  isHandleless: flag,
  finish: text,
  colorGroup: text,
  selectedFrontalId: text,
  selectedFrontalPreview: frontalPreview.nullable(),
});

export const worktopsSchema = z.object({
  selectedWorktopId: text,
  selectedWorktopPreview: z.object({ id: z.string(), finish: z.string() }).nullable(),
  material: text,
  colourGroup: text,
  colour: text,
  selectedColourPreview: z
    .object({ colour: z.string(), primary_hex: z.string().optional(), image_url: z.string().optional() })
    .nullable(),
});

/** Each store is kept as `{ state, version }`, the envelope the product's earlier versions wrote. */
export const envelopeSchema = z.object({
  state: z.record(z.string(), z.unknown()),
  version: z.number().int(),
});
