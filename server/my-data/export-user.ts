// The user's data as a zip (issue 15, item 4; D36): their images as stored (`photos/`, `results/`, and each photo's
// surface masks in `masks/`, listed under their photo rather than as images of their own; D44) and
// `kitchen-data.json` with the user, each image's facts and each generation's choices, state and dates (share
// previews are not the user's: derived from a result for a link, they are left out). Images
// are streamed from the image store one at a time; the JSON comes last so it names only the files written.
import {
  EXPORT_DATA_FILE,
  type ExportedData,
  type ExportedImage,
  exportedGenerationSchema,
} from '../../contract/my-data';
import type { Database } from '../db/database';
import type { ImageKind, ImageStore } from '../images/image-store';
import type { SurfaceMaskStore } from '../images/store/surface-mask-store';
import { type ZipEntry, zipStream } from './zip-writer';

type Timestamp = Date | string;
const iso = (value: Timestamp) => new Date(value).toISOString();

interface UserRow {
  id: number;
  createdAt: Timestamp;
  generationsRemaining: number;
}

interface ImageRow {
  id: string;
  kind: Exclude<ImageKind, 'share_preview' | 'mask' | 'layout_sketch'> | null;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

interface JobRow {
  id: string;
  kind: 'empty_room' | 'kitchen';
  state: string;
  request: Record<string, unknown> | string;
  resultImageId: string | null;
  error: string | null;
  provider: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** `photos/<id>.jpg` for what the user uploaded, `results/<kind>-<id>.jpg` for what was generated. */
export function exportFileName(image: Pick<ImageRow, 'id' | 'kind' | 'contentType'>): string {
  const extension = EXTENSIONS[image.contentType] ?? 'bin';
  if (image.kind === 'upload') return `photos/${image.id}.${extension}`;
  return `results/${(image.kind ?? 'result').replace('_', '-')}-${image.id}.${extension}`;
}

async function readRows(db: Database, userId: number) {
  const [user] = await db.query<UserRow>(
    'SELECT id, created_at AS "createdAt", generations_remaining AS "generationsRemaining" FROM users WHERE id = $1',
    [userId],
  );
  const images = await db.query<ImageRow>(
    `SELECT id, kind, content_type AS "contentType", width, height, byte_size AS "byteSize",
       created_at AS "createdAt", expires_at AS "expiresAt"
     FROM images WHERE owner_id = $1 AND expires_at > now() AND parent_id IS NULL
       AND kind IS DISTINCT FROM 'share_preview' AND kind IS DISTINCT FROM 'layout_sketch'
     ORDER BY created_at, id`,
    [userId],
  );
  const jobs = await db.query<JobRow>(
    `SELECT id, kind, state, request, result_image_id AS "resultImageId", error, provider,
       created_at AS "createdAt", updated_at AS "updatedAt"
     FROM generation_jobs WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return { user, images, jobs };
}

/** The export of `userId` as zip chunks; a user with nothing stored gets a zip with only an empty JSON. */
export async function exportUser(
  db: Database,
  { images, masks }: { images: ImageStore; masks: SurfaceMaskStore },
  userId: number,
  now = new Date(),
): Promise<AsyncGenerator<Buffer>> {
  // Read before the first byte is sent, so a database failure is still an ordinary error answer.
  const rows = await readRows(db, userId);
  const exported: ExportedImage[] = [];

  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const row of rows.images) {
      const opened = await images.open(userId, row.id);
      const file = opened ? exportFileName(row) : null;
      const image: ExportedImage = {
        ...row,
        createdAt: iso(row.createdAt),
        expiresAt: iso(row.expiresAt),
        file,
      };
      exported.push(image);
      if (opened && file) yield { name: file, modified: new Date(row.createdAt), data: opened.stream };
      const marked = row.kind === 'upload' ? ((await masks.describe(userId, row.id))?.surfaces ?? []) : [];
      if (marked.length === 0) continue;
      image.masks = [];
      for (const surface of marked) {
        const mask = await masks.open(userId, row.id, surface);
        const name = mask ? `masks/${row.id}-${surface}.png` : null;
        image.masks.push({ surface, file: name });
        if (mask && name) yield { name, modified: new Date(row.createdAt), data: mask.stream };
      }
    }
    const data: ExportedData = {
      exportedAt: now.toISOString(),
      user: rows.user ? { ...rows.user, createdAt: iso(rows.user.createdAt) } : null,
      images: exported,
      generations: rows.jobs.map((job) =>
        exportedGenerationSchema.parse({
          ...job,
          request: typeof job.request === 'string' ? JSON.parse(job.request) : job.request,
          createdAt: iso(job.createdAt),
          updatedAt: iso(job.updatedAt),
        }),
      ),
    };
    yield { name: EXPORT_DATA_FILE, modified: now, data: Buffer.from(JSON.stringify(data, null, 2)) };
  }
  return zipStream(entries());
}
