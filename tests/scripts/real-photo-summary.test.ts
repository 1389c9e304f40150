// The real-photo line of `npm test`: only tests tagged as needing the real photos count, whatever else skips.
import { describe, expect, it } from 'vitest';
import { realPhotoSummary, type VitestAssertion } from '../../scripts/real-photo-summary';
import { REAL_PHOTO_TAG } from '../../tooling/paths';

const test = (fullName: string, status: VitestAssertion['status']): VitestAssertion => ({ fullName, status });
const absent = { present: false, place: '../shared/fixtures' };
const present = { present: true, place: '../shared/fixtures' };

describe('realPhotoSummary', () => {
  it('counts the tagged skips of a bare clone, and no other skip', () => {
    const files = [
      {
        assertionResults: [
          test(`decodes a HEIC ${REAL_PHOTO_TAG} (../shared/fixtures is absent)`, 'skipped'),
          test(`normaliseImage with the real photos ${REAL_PHOTO_TAG} a kitchen`, 'skipped'),
          test('a test skipped for its own reason', 'skipped'),
          test('a made picture comes out upright', 'passed'),
        ],
      },
      { assertionResults: [test(`takes a HEIC upload ${REAL_PHOTO_TAG}`, 'skipped'), test('todo', 'todo')] },
    ];
    expect(realPhotoSummary(files, absent)).toBe(
      '3 real-photo tests skipped: ../shared/fixtures is absent (set FIXTURES_DIR)',
    );
  });

  it('says they all ran where the photos are, failed ones included', () => {
    const files = [
      { assertionResults: [test(`a ${REAL_PHOTO_TAG}`, 'passed'), test(`b ${REAL_PHOTO_TAG}`, 'failed')] },
    ];
    expect(realPhotoSummary(files, present)).toBe(
      '2 real-photo tests ran, all of them (photos from ../shared/fixtures)',
    );
  });

  it('says so when some are skipped although the photos are there', () => {
    const files = [
      { assertionResults: [test(`a ${REAL_PHOTO_TAG}`, 'passed'), test(`b ${REAL_PHOTO_TAG}`, 'skipped')] },
    ];
    expect(realPhotoSummary(files, present)).toBe(
      '1 real-photo test skipped, 1 ran, although the photos are at ../shared/fixtures',
    );
  });
});
