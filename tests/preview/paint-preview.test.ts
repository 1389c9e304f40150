// The preview's painter (src/actors/paint-preview.ts, D105): masks the marking tool just made are opened as the save
// starts and never fetched back; a marking restored after a reload is opened from the server's copies. A fake
// worker client and API stand in for the browser's.
import { describe, expect, it } from 'vitest';
import type { PreviewRequest } from '../../machines/kitchen/actors';
import { previewPainter } from '../../src/actors/paint-preview';
import type { ApiClient } from '../../src/api/client';
import type { PreviewClient } from '../../src/preview/preview-client';

const PHOTO = 'data:image/jpeg;base64,/9j/';
const masks = { fronts: new Blob(['fronts']), worktop: new Blob(['worktop']) };

function fakes() {
  const opened: Record<string, Blob | undefined>[] = [];
  const fetched: string[] = [];
  const client: PreviewClient = {
    open: async (_photo, files) => {
      opened.push(files);
      return { width: 4, height: 3 };
    },
    recolour: async () => ({ width: 4, height: 3, rgba: new Uint8ClampedArray(48) }),
    close: () => {},
  };
  const api = {
    request: async (path: string) => {
      fetched.push(path);
      return new Blob([path]);
    },
  } as unknown as ApiClient;
  return { opened, fetched, painter: previewPainter(api, client) };
}

const request = (over: Partial<PreviewRequest>): PreviewRequest => ({
  imageId: 'photo-1',
  photo: PHOTO,
  marking: 1,
  masks: null,
  choices: { front: null, worktop: null },
  ...over,
});

const paint = (painter: ReturnType<typeof fakes>['painter'], input: PreviewRequest) =>
  painter.paint({ input, signal: new AbortController().signal });

describe('the preview painter', () => {
  it('opens the masks just made once, ahead of the paint, and fetches nothing', async () => {
    const { opened, fetched, painter } = fakes();
    const ahead = painter.openAhead(PHOTO, masks);
    expect(await paint(painter, request({ masks }))).toMatchObject({ kind: 'painted' });
    await ahead;
    expect(opened).toEqual([masks]);
    expect(fetched).toEqual([]);
  });

  it('fetches the masks of a restored marking from the server, once per marking', async () => {
    const { opened, fetched, painter } = fakes();
    await paint(painter, request({}));
    await paint(painter, request({ choices: { front: { hex: '#1f2a44', finish: 'Matt' }, worktop: null } }));
    expect(fetched.map((path) => path.split('/').at(-1))).toEqual(['fronts', 'worktop']);
    expect(opened).toHaveLength(1);
  });
});
