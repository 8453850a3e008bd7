import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@storekeep/contracts';

/** The login form's rules, in their own chunk (login-form.tsx loads it on the first submit). */
export const loginResolver = zodResolver(loginSchema);
