import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { staffSession } from '../../lib/staff-api';

/** Screens a sign-in must not return to: the login itself and the other stand-alone screens. */
const STANDALONE = /^\/beheer\/(inloggen|wachtwoord|tweestapsverificatie)(\/|$)/;

/**
 * Where to go after signing in: the console page that sent the person to the login (a full path under
 * /beheer, navigated to absolutely with wouter's '~'), else the projects.
 */
export function returnPath(stored: string | null): string {
  if (stored && /^\/beheer\/[^/]/.test(stored) && !STANDALONE.test(stored) && !stored.startsWith('//')) return `~${stored}`;
  return '/projecten';
}

/** Stores the console token, forgets what the previous session read, and returns a function that goes on. */
export function useSignIn() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return {
    store(token: string) {
      staffSession.set(token);
      queryClient.removeQueries({ queryKey: ['staff'] });
    },
    proceed() {
      const back = staffSession.returnTo();
      staffSession.setReturnTo(null);
      navigate(returnPath(back), { replace: true });
    },
  };
}
