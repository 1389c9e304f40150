// Reads a zip with an independent reader, Python's zipfile (on every machine these tests run on), so the writer
// is never checked only by code that shares its mistakes: every entry's CRC is verified, then its bytes answered.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporaryDir } from '../../tooling/server';

const READER = `
import base64, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    bad = archive.testzip()
    if bad is not None:
        sys.exit('bad CRC in ' + bad)
    print(json.dumps([
        {'name': info.filename, 'method': info.compress_type, 'data': base64.b64encode(archive.read(info)).decode()}
        for info in archive.infolist()
    ]))
`;

export interface ZipEntryRead {
  name: string;
  /** 0: stored. */
  method: number;
  data: Buffer;
}

export function readZip(zip: Buffer): ZipEntryRead[] {
  const temp = temporaryDir('kr-zip-');
  try {
    const file = path.join(temp.dir, 'export.zip');
    writeFileSync(file, zip);
    const out = execFileSync('python3', ['-c', READER, file], { maxBuffer: 512 * 1024 * 1024 });
    const entries = JSON.parse(out.toString()) as { name: string; method: number; data: string }[];
    return entries.map((entry) => ({ ...entry, data: Buffer.from(entry.data, 'base64') }));
  } finally {
    temp.remove();
  }
}
