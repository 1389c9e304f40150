// The generation's picture work as pixel work (server/pixels/pixel-task.ts): the offline recolour (a 12 MP photo
// is about a second of CPU that would otherwise stop the server answering), a provider's answer checked and
// cropped (a huge one is refused from its header and never decoded in the server, fit-answer.ts), and the paste
// back through the masks.
import type { PhotoLook } from '../../../recolour/looks';
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import { defineTasks } from '../../pixels/pixel-task';
import { type AnswerFit, fitAnswer } from './fit-answer';
import { pasteBack } from './paste-back';
import { photoResult } from './photo-result';

export const pictureTasks = defineTasks({
  'photo-result': {
    run: ({ bytes, masks, look }: { bytes: Uint8Array; masks: SurfaceMasks; look: PhotoLook }) =>
      photoResult(bytes, masks, look),
    moved: (picture) => picture.bytes,
  },
  'fit-answer': {
    run: ({ bytes, fit }: { bytes: Uint8Array; fit: AnswerFit }) => fitAnswer(bytes, fit),
    moved: (picture) => picture.bytes,
  },
  'paste-back': {
    run: ({ bytes, picture, masks }: { bytes: Uint8Array; picture: Uint8Array; masks: SurfaceMasks }) =>
      pasteBack(bytes, picture, masks),
    moved: (picture) => picture.bytes,
  },
});

export type PictureTasks = typeof pictureTasks;
