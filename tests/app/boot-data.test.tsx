// Boot data as the server injects it (contract/users.ts), read in a real DOM.
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '../../contract/boot-data';
import { initialContext } from '../../machines/kitchen/context';
import { bootApp } from '../../src/boot/boot';
import { readBootData } from '../../src/boot/boot-data';
import { STORAGE_KEYS, saveSelections } from '../../src/persistence/kitchen-storage';

const injectJson = (text: string) => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_DATA_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
};

afterEach(() => {
  document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
  delete window.__BOOT_DATA__;
  localStorage.clear();
});

describe('readBootData', () => {
  it('reads a numeric user id and the base URL from the JSON element', () => {
    injectJson(JSON.stringify({ userId: 42, baseUrl: 'https://api.example.test' }));
    expect(readBootData()).toEqual({
      userId: 42,
      baseUrl: 'https://api.example.test',
      imageService: 'local',
    });
  });

  it('accepts the user id as a numeric string', () => {
    injectJson('{"userId":"17"}');
    expect(readBootData()).toEqual({ userId: 17, baseUrl: '', imageService: 'local' });
  });

  it('prefers a page-provided state object', () => {
    injectJson('{"userId":1}');
    window.__BOOT_DATA__ = { userId: '9' };
    expect(readBootData().userId).toBe(9);
  });

  it.each([
    ['zero', '{"userId":0}'],
    ['a negative id', '{"userId":-3}'],
    ['a fraction', '{"userId":1.5}'],
    ['letters', '{"userId":"12a"}'],
    ['a leading zero', '{"userId":"012"}'],
    ['no user id', '{"baseUrl":"https://api.example.test"}'],
    ['broken JSON', '{"userId":'],
  ])('reads %s as no user (the machine then shows access denied)', (_name, json) => {
    injectJson(json);
    expect(readBootData().userId).toBeNull();
  });

  it('keeps a good base URL even when the user id is bad', () => {
    injectJson('{"userId":"nobody","baseUrl":"https://api.example.test"}');
    expect(readBootData()).toEqual({
      userId: null,
      baseUrl: 'https://api.example.test',
      imageService: 'local',
    });
  });

  it('reads a page without boot data as no user', () => {
    expect(readBootData()).toEqual({ userId: null, baseUrl: '', imageService: 'local' });
  });

  it('reads the image service the site uses, so the pages say what it does (issue 36)', () => {
    injectJson('{"userId":3,"imageService":"openai"}');
    expect(readBootData().imageService).toBe('openai');
  });

  it.each([
    ['absent', '{"userId":3}'],
    ['not a string', '{"userId":3,"imageService":7}'],
    ['empty', '{"userId":3,"imageService":""}'],
  ])('reads an image service that is %s as the offline default, keeping the user', (_name, json) => {
    injectJson(json);
    expect(readBootData()).toMatchObject({ userId: 3, imageService: 'local' });
  });
});

describe('bootApp', () => {
  it('hands the machine the user id and the choices kept from an earlier visit', () => {
    injectJson('{"userId":"5"}');
    const earlier = initialContext({ userId: 5 });
    saveSelections(localStorage, { ...earlier, worktops: { ...earlier.worktops, material: 'Quartz' } });
    const boot = bootApp();
    expect(boot.input.userId).toBe(5);
    expect(boot.input.restored?.worktops).toMatchObject({ material: 'Quartz' });
    expect(boot.api.baseUrl).toBe('');
    expect(boot.storage).toBe(window.localStorage);
  });

  it('treats corrupted storage as empty rather than failing to start', () => {
    localStorage.setItem(STORAGE_KEYS.wizard, '{not json');
    expect(bootApp().input.restored?.wizard).toEqual({});
  });
});
