// A kitchen request is resolved against the catalogue once (issue 23): its front and worktop are looked up once
// each however many of the known steps its list repeats, and everything that tells the kitchen (the picture, the
// prompt, the share page, the spec sheet) reads that one resolution, in the shape the wizard chose them in. The
// catalogue here is the server's own, in maps that count the lookups made in them.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../server/catalogue/catalogue';
import { resolveConfiguration } from '../../../server/generation/configuration';
import { APP_CONFIGURATION, CHOICES } from './generation-client';

class CountingMap<V> extends Map<string, V> {
  lookups = 0;
  override get(key: string): V | undefined {
    this.lookups += 1;
    return super.get(key);
  }
}

const countingCatalogue = () => ({
  frontalPreviewById: new CountingMap(catalogue.frontalPreviewById),
  worktopPreviewById: new CountingMap(catalogue.worktopPreviewById),
});

// The app's list: every step's chosen option, the known ones repeating the named fields.
const listed = APP_CONFIGURATION.choices.map(({ step, value, label }) => ({ step, value, label }));

describe('resolving a kitchen request', () => {
  it('looks the front and worktop up once each, and tells every step from that one look', () => {
    const index = countingCatalogue();
    const resolution = resolveConfiguration({ ...CHOICES, choices: listed }, index);
    expect(index.frontalPreviewById.lookups).toBe(1);
    expect(index.worktopPreviewById.lookups).toBe(1);
    if (!resolution.ok) throw new Error(resolution.problem);
    const { frontal, worktop, choices } = resolution.configuration;
    expect(frontal.id).toBe(CHOICES.frontalId);
    expect(worktop.id).toBe(CHOICES.worktopId);
    // The colours the views show are the resolved entries' own.
    expect(choices.find(({ step }) => step === 'frontal-color')).toMatchObject({
      value: frontal.id,
      label: frontal.colour,
      hex: frontal.hex,
    });
    expect(choices.find(({ step }) => step === 'material-color')?.hex).toBe(worktop.hex);
  });

  it('tells each choice as the wizard chose it: the same step, value, words and colour', () => {
    const resolution = resolveConfiguration({ ...CHOICES, choices: listed });
    if (!resolution.ok) throw new Error(resolution.problem);
    const told = resolution.configuration.choices.map(({ step, value, label, hex }) => ({
      step,
      value,
      label,
      ...(hex === undefined ? {} : { hex }),
    }));
    expect(told).toEqual(APP_CONFIGURATION.choices);
  });

  it('names the first choice a changed catalogue no longer has, having looked for nothing past it', () => {
    const index = countingCatalogue();
    index.frontalPreviewById.delete(CHOICES.frontalId);
    expect(resolveConfiguration({ ...CHOICES, choices: listed }, index)).toEqual({
      ok: false,
      problem: 'frontalId: this front is not in the catalogue.',
    });
    expect(index.worktopPreviewById.lookups).toBe(0);
  });
});
