// The hand-written check of the authorisation answer accepts and refuses exactly what the contract's schema does.
import { describe, expect, it } from 'vitest';
import { authorizeResponseSchema } from '../../contract/users';
import { readAuthorizeAnswer } from '../../src/api/users';

const answers: unknown[] = [
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30 },
  { userId: 1, generationsRemaining: 0, generationLimit: 0, imageRetentionDays: 1 },
  { userId: 0, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30 },
  { userId: -3, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30 },
  { userId: 7.5, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30 },
  { userId: '7', generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30 },
  { userId: 7, generationsRemaining: -1, generationLimit: 5, imageRetentionDays: 30 },
  { userId: 7, generationsRemaining: 2.5, generationLimit: 5, imageRetentionDays: 30 },
  { userId: 7, generationsRemaining: 5 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 0 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 1.5 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: '30' },
  { userId: 7, generationsRemaining: null, generationLimit: 5, imageRetentionDays: 30 },
  { userId: 7, generationsRemaining: 5, generationLimit: '5', imageRetentionDays: 30 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, sessionIdleDays: 30 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, sessionMaxDays: 400 },
  {
    userId: 7,
    generationsRemaining: 5,
    generationLimit: 5,
    imageRetentionDays: 30,
    sessionIdleDays: 7,
    sessionMaxDays: 90,
  },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, sessionIdleDays: 0 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, sessionMaxDays: 1.5 },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, sessionIdleDays: '30' },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, sessionMaxDays: null },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, isAccount: true },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, isAccount: false },
  { userId: 7, generationsRemaining: 5, generationLimit: 5, imageRetentionDays: 30, isAccount: 'yes' },
  null,
  'ok',
  [],
  42,
];

describe('the authorisation answer', () => {
  it.each(answers.map((answer) => [JSON.stringify(answer), answer]))(
    'reads %s as the contract does',
    (_, answer) => {
      const expected = authorizeResponseSchema.safeParse(answer);
      if (expected.success) expect(readAuthorizeAnswer(answer)).toEqual(expected.data);
      else expect(() => readAuthorizeAnswer(answer)).toThrow('your account');
    },
  );
});
