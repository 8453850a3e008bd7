import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { SUBSCRIPTION_STATUSES, TEAM_ROLES } from './enums';
import { TOKEN_ABILITIES } from './tokens';
import { emailField, oneOf, passwordField, requiredString, sameAs, validationMessage } from './validation';

export const loginSchema = z.object({
  email: emailField('email'),
  password: z.string({ error: validationMessage('required', 'password') }).min(1, {
    error: validationMessage('required', 'password'),
  }),
  remember: z.boolean().optional().default(false),
  /** Present for bearer-token clients (the mobile app, scripts): the answer is `{ token }`. */
  device_name: z.string().trim().min(1).max(100).optional(),
  /**
   * What a device token may do, as for `POST /tokens`: `read` (the default) or `read-write`, which a client
   * that writes (the mobile app) asks for. Ignored without `device_name`.
   */
  abilities: oneOf(TOKEN_ABILITIES, 'abilities').default('read'),
});
export type LoginInput = z.input<typeof loginSchema>;

const newPassword = () => passwordField('password', PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH);

export const registerSchema = z
  .object({
    name: requiredString('name', 255),
    email: emailField('email'),
    password: newPassword(),
    password_confirmation: z.string({ error: validationMessage('required', 'password confirmation') }),
    /** Token of a team invitation: the new account joins that team too. */
    invitation: z.string().max(100).optional(),
    /**
     * The `signature` of the link the invitation e-mail carries: it proves the address received the
     * invitation (the token alone is known to the team's admins), so the account starts verified.
     */
    invitation_signature: z.string().max(128).optional(),
    /** The browser's IANA time zone: the new team's "today" (an unknown name is ignored, the team starts on UTC). */
    time_zone: z.string().max(64).optional(),
  })
  .superRefine(sameAs('password_confirmation', 'password', 'password confirmation', 'password'));
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField('email') });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: requiredString('token', 200),
    email: emailField('email'),
    password: newPassword(),
    password_confirmation: z.string({ error: validationMessage('required', 'password confirmation') }),
  })
  .superRefine(sameAs('password_confirmation', 'password', 'password confirmation', 'password'));
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const updateProfileSchema = z.object({
  name: requiredString('name', 255),
  /** A different address is not applied here: a link is mailed to it, and it applies once opened. */
  email: emailField('email'),
  /** Required when `email` differs from the current address. */
  current_password: z.string().max(1000).optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const updatePasswordSchema = z
  .object({
    current_password: z.string({ error: validationMessage('required', 'current password') }).min(1, {
      error: validationMessage('required', 'current password'),
    }),
    password: newPassword(),
    password_confirmation: z.string({ error: validationMessage('required', 'password confirmation') }),
  })
  .superRefine(sameAs('password_confirmation', 'password', 'password confirmation', 'password'));
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

/** PRODUCT-SPEC §3 User, as `GET /app/api/v1/users/auth` answers it in `data`. */
export const authUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  notifications: z.number().int(),
  email_verified_at: z.string().nullable(),
  /** A requested new address waiting for its confirmation link to be opened (null when none, or it expired). */
  pending_email: z.string().nullable(),
  owns_team: z.boolean(),
  team_role: z.enum(TEAM_ROLES).nullable(),
  team_id: z.number().int().nullable(),
  /**
   * The companies the user is limited to in the current team (a franchisee's people), or null for the whole
   * team: the app then offers their stores and sales alone.
   */
  company_ids: z.array(z.number().int()).nullable(),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  subscription: z.object({ status: z.enum(SUBSCRIPTION_STATUSES) }),
  /** The seeded demo account: profile and billing are hidden for it and refused by the API. */
  is_demo: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

/** `GET /app-config`: browser-side settings of the server (features switched on by its configuration). */
export const appConfigSchema = z.object({
  /** A Google Maps browser key when address look-up is on; null when it is off. */
  maps_api_key: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** `POST /stores/geocode`: one batch of stores given coordinates from their address. */
export const geocodeResultSchema = z.object({
  updated: z.number().int(),
  failed: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
  remaining: z.number().int(),
  /** Ask again with this as `after_id` while `remaining` is above 0. */
  next_after_id: z.number().int(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
