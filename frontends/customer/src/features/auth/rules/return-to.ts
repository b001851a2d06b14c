/**
 * `?returnTo=` of the sign-in: where a link opened while signed out wanted to go. Only a path of
 * this app (never another origin: `//host`, `/\host`, `https:`); anything else is null.
 */
export function safeReturnTo(search: URLSearchParams): string | null {
  const value = search.get('returnTo');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?')) return null;
  return value;
}
