import { z } from 'zod';
import { oneOf, requiredString, validationMessage } from './validation';

/** What a personal access token may do: `read` answers GET requests only; `read-write` acts as its user. */
export const TOKEN_ABILITIES = ['read', 'read-write'] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];
/** Lifetimes offered when making a token (days); null: until revoked. */
export const TOKEN_LIFETIMES = [30, 90, 365] as const;

export const tokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abilities: z.enum(TOKEN_ABILITIES),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiToken = z.infer<typeof tokenSchema>;

export const tokenInputSchema = z.object({
  name: requiredString('name', 100),
  abilities: oneOf(TOKEN_ABILITIES, 'abilities').default('read'),
  expires_in_days: z
    .number({ error: validationMessage('in', 'expiry') })
    .int({ error: validationMessage('in', 'expiry') })
    .refine((days) => (TOKEN_LIFETIMES as readonly number[]).includes(days), {
      error: validationMessage('in', 'expiry'),
    })
    .nullable()
    .default(90),
});
export type TokenInput = z.input<typeof tokenInputSchema>;

/** The answer to making a token: the only time its secret is shown. */
export const newTokenSchema = tokenSchema.extend({ plain_text_token: z.string() });
export type NewApiToken = z.infer<typeof newTokenSchema>;
