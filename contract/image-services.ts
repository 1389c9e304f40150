// The image service a site makes its kitchens with (the server's GENERATION_PROVIDER), as the pages name it to a
// visitor. Plain constants, no zod: the app's first load reads it from the boot data (issue 36: say what this
// site does as configured, and promise AI only where an AI service is set).

/** The offline default: the visitor's own photo, recolored on this server; no key, no network. */
export const OFFLINE_IMAGE_SERVICE = 'local';

/** What a kitchen is: the visitor's photo recolored, or a picture an AI service paints into it. */
export type ResultKind = 'recolor' | 'ai';

export const resultKindOf = (service: string): ResultKind =>
  service === OFFLINE_IMAGE_SERVICE ? 'recolor' : 'ai';

export interface ImageServiceWords {
  /** Its name in a sentence ("… made by OpenAI"). */
  name: string;
  /** What leaves this service with it. */
  leaves: string;
}

const KNOWN_SERVICES: Readonly<Record<string, ImageServiceWords>> = {
  [OFFLINE_IMAGE_SERVICE]: {
    name: 'this site’s own server',
    leaves: 'Nothing: your photo is recolored on this site’s own server, and no other service sees it.',
  },
  openai: {
    name: 'OpenAI',
    leaves:
      'Your photo (or its empty room), without its metadata, and your choices as text go to OpenAI. No name, account or session.',
  },
  replicate: {
    name: 'Replicate',
    leaves:
      'Your photo and your choices as text go to Replicate, which deletes them and the result after one hour.',
  },
  comfyui: {
    name: 'the operator’s own ComfyUI server',
    leaves:
      'Your photo and your choices go to the operator’s own ComfyUI server, which keeps its copies until the operator removes them.',
  },
};

/** The words for `service`; a service registered by the operator under another name is named as such. */
export const imageServiceWords = (service: string): ImageServiceWords =>
  KNOWN_SERVICES[service] ?? {
    name: `the image service “${service}” this site’s operator chose`,
    leaves: `Your photo and your choices go to the image service “${service}” this site’s operator chose.`,
  };
