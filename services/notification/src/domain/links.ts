import type { Language } from '@gleba/contracts';

/**
 * A link of a message: the app's base and the path of the thing it is about, with the reader's
 * language as `lang` (the app applies it, so a link in a Ukrainian e-mail opens a Ukrainian
 * screen whatever the browser had before). A `#fragment` of the path stays last.
 */
export function noticeUrl(base: string, path: string, language: Language): string {
  const hash = path.indexOf('#');
  const [route, fragment] = hash === -1 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  const sep = route.includes('?') ? '&' : '?';
  return `${base.replace(/\/$/, '')}${route}${sep}lang=${language}${fragment}`;
}
