// GET/POST /api/auth/*: next-auth's sign-in, callback and session endpoints for the dashboard.
import { handlers } from '@/lib/auth/auth';

export const { GET, POST } = handlers;
