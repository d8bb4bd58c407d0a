import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { IdentifyRequest, IdentifyResponse, VisitorIdentity } from './identity';
import { identifyRequestSchema, type identifyResponseSchema } from './identity.schemas';

const hash = 'ab'.repeat(32);

describe('identifyRequestSchema', () => {
  it('describes the same shape as the plain types the widget uses', () => {
    expectTypeOf<z.output<typeof identifyRequestSchema>>().toEqualTypeOf<IdentifyRequest>();
    expectTypeOf<IdentifyRequest>().toEqualTypeOf<VisitorIdentity>();
    expectTypeOf<z.output<typeof identifyResponseSchema>>().toEqualTypeOf<IdentifyResponse>();
  });

  it('trims, drops blank optional fields and lowers the hash', () => {
    expect(identifyRequestSchema.parse({ userId: ' u-1 ', name: ' Vera ', email: ' vera@example.com ', userHash: hash.toUpperCase() })).toEqual({
      userId: 'u-1',
      name: 'Vera',
      email: 'vera@example.com',
      userHash: hash,
    });
    expect(identifyRequestSchema.parse({ userId: 'u-1', name: '  ', email: null, userHash: hash })).toEqual({ userId: 'u-1', userHash: hash });
  });

  it('refuses bad input in readable words', () => {
    const messages = (input: unknown) => identifyRequestSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages({})).toEqual(['userId: userId is required', 'userHash: userHash is required']);
    expect(messages({ userId: 'x'.repeat(201), name: 'n'.repeat(201), email: 'nope', userHash: 'f'.repeat(63) })).toEqual([
      'userId: userId must be at most 200 characters',
      'name: name must be at most 200 characters',
      'email: email must be a valid email address',
      'userHash: userHash must be the HMAC-SHA256 of userId as 64 hex digits',
    ]);
    expect(messages({ userId: 'u', email: `${'a'.repeat(250)}@x.io`, userHash: 'g'.repeat(64) })).toEqual([
      'email: email must be a valid email address',
      'userHash: userHash must be the HMAC-SHA256 of userId as 64 hex digits',
    ]);
  });
});
