import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import GitHub from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';
import { getDb } from '@/db/client';
import { authSecret, env } from '@/lib/core/env';
import { logError } from '@/lib/core/logger';
import { clientAddress } from '@/lib/http/client-address';
import { throttlePasswordCheck } from './throttle';
import { ensureOAuthUser, sessionStands, signInSchema, verifyCredentials } from './users';

declare module 'next-auth' {
  interface Session {
    user: { id: string; email: string; name?: string | null; image?: string | null };
  }
  interface User {
    /** The account's credentialsChangedAt (ms, 0 if never) when this session began. */
    credentialsAt?: number;
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    credentialsAt?: number;
  }
}

const stamp = (user: { credentialsChangedAt: Date | null }) => user.credentialsChangedAt?.getTime() ?? 0;

/** Which sign-in methods are on: email + password always; GitHub and Google when configured. */
export function oauthProviders(): { id: 'github' | 'google'; name: string }[] {
  const config = env();
  return [
    ...(config.AUTH_GITHUB_ID && config.AUTH_GITHUB_SECRET
      ? [{ id: 'github' as const, name: 'GitHub' }]
      : []),
    ...(config.AUTH_GOOGLE_ID && config.AUTH_GOOGLE_SECRET
      ? [{ id: 'google' as const, name: 'Google' }]
      : []),
  ];
}

// Built lazily, per request: the secret may be generated on first use, never at build time.
function authConfig(): NextAuthConfig {
  const config = env();
  const enabled = new Set(oauthProviders().map((provider) => provider.id));
  return {
    secret: authSecret(config),
    trustHost: true,
    session: { strategy: 'jwt' },
    pages: { signIn: '/sign-in' },
    logger: {
      // A wrong password (or too many) is an expected outcome, not a server error worth a stack trace.
      error(error) {
        if (!(error instanceof CredentialsSignin)) logError('auth_error', error);
      },
    },
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        // Every door to a password (the sign-in form, /api/auth/callback/credentials) ends here.
        async authorize(credentials, request) {
          const parsed = signInSchema.safeParse(credentials);
          if (!parsed.success) return null;
          await throttlePasswordCheck(clientAddress(request.headers), parsed.data.email);
          const user = await verifyCredentials(await getDb(), parsed.data.email, parsed.data.password);
          return user
            ? { id: user.id, email: user.email, name: user.name, credentialsAt: stamp(user) }
            : null;
        },
      }),
      ...(enabled.has('github')
        ? [GitHub({ clientId: config.AUTH_GITHUB_ID, clientSecret: config.AUTH_GITHUB_SECRET })]
        : []),
      ...(enabled.has('google')
        ? [Google({ clientId: config.AUTH_GOOGLE_ID, clientSecret: config.AUTH_GOOGLE_SECRET })]
        : []),
    ],
    callbacks: {
      // Every read of a session (a page, an action, /api/auth/session) ends it when the account is
      // gone or its password changed after it began: a reset locks out whoever knew the old one.
      async jwt({ token, user, account, profile }) {
        if (account && account.provider !== 'credentials') {
          const email = profile?.email ?? user?.email;
          if (!email) throw new Error('The identity provider did not share an email address.');
          const account = await ensureOAuthUser(await getDb(), {
            email,
            name: profile?.name ?? user?.name,
            image: user?.image,
          });
          token.sub = account.id;
          token.credentialsAt = stamp(account);
        } else if (user?.id) {
          token.sub = user.id;
          token.credentialsAt = user.credentialsAt ?? 0;
        } else if (token.sub && !(await sessionStands(await getDb(), token.sub, token.credentialsAt))) {
          return null;
        }
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => authConfig());
