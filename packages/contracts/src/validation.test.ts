import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateAfter,
  fieldErrors,
  registerSchema,
  requiredIf,
  requiredUnless,
  validationMessage,
} from './index';

describe('validation messages (spec §5)', () => {
  it('inserts the field label and parameters into the rule message', () => {
    expect(validationMessage('between', 'square feet', { min: 1, max: 10 })).toBe(
      'The square feet must be between 1 and 10.',
    );
    expect(validationMessage('after', 'closing date', { other: 'opening date' })).toBe(
      'The closing date must be a date after opening date.',
    );
  });

  it('reports every invalid field of a registration, the first message first', () => {
    const result = registerSchema.safeParse({
      name: ' ',
      email: 'nope',
      password: 'short',
      password_confirmation: 'x',
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.email).toEqual(['The email must be a valid email address.']);
    expect(errors.password).toEqual(['The password must be at least 8 characters.']);
  });

  it('checks cross-field rules: after, required_if, required_unless', () => {
    const schema = z
      .object({
        opening: z.string().optional(),
        closing: z.string().optional(),
        phone: z.string().optional(),
        email: z.string().optional(),
      })
      .superRefine(dateAfter('closing', 'opening', 'closing date', 'opening date'))
      .superRefine(requiredIf('phone', 'email', 'phone', 'email'))
      .superRefine(requiredUnless('email', 'phone', 'email', 'phone'));
    const bad = schema.safeParse({ opening: '2025-05-01', closing: '2025-04-01', email: 'a@b.c' });
    expect(fieldErrors(bad.error!)).toEqual({
      closing: ['The closing date must be a date after opening date.'],
      phone: ['The phone field is required when email is present.'],
    });
    const neither = schema.safeParse({});
    expect(fieldErrors(neither.error!)).toEqual({
      email: ['The email field is required unless phone is present.'],
    });
    expect(
      schema.safeParse({ opening: '2025-01-01', closing: '2025-02-01', phone: '1', email: 'a@b.c' }).success,
    ).toBe(true);
  });
});
