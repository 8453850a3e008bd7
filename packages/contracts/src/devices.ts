import { z } from 'zod';

/**
 * A browser's Web Push subscription as `PushSubscription.toJSON()` gives it. The answer names
 * the device by an opaque token the app keeps and sends back on logout (`DELETE /devices/{token}`).
 */
export const deviceInputSchema = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({
    p256dh: z
      .string()
      .min(16)
      .max(255)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url'),
    auth: z
      .string()
      .min(8)
      .max(255)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url'),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type DeviceInput = z.infer<typeof deviceInputSchema>;

export const deviceSchema = z.object({ token: z.string(), created_at: z.string() });
export type Device = z.infer<typeof deviceSchema>;

export const pushKeySchema = z.object({ public_key: z.string() });

export const deviceTokenParamSchema = z.object({ token: z.string().min(1).max(64) });

/** What a push message carries to the service worker: it shows title and body, a click opens `url`. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
