import { z } from 'zod';

/** `?page=1&perPage=20&orderBy=createdAt:desc` as the spec's list calls use. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  orderBy: z
    .string()
    .regex(/^[A-Za-z]+:(asc|desc)$/, 'orderBy must look like field:asc or field:desc')
    .optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZPageMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  next: z.number().int().nullable(),
  prev: z.number().int().nullable(),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

export function pageMeta(page: number, perPage: number, total: number): TPageMeta {
  const last = Math.max(1, Math.ceil(total / perPage));
  return { page, perPage, total, next: page < last ? page + 1 : null, prev: page > 1 ? page - 1 : null };
}

export const ZIdParam = z.object({ id: z.uuid() });
export const ZTokenParam = z.object({ token: z.string().min(1, 'Invalid token').max(512) });

export const ZTokenPair = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) });
export type TTokenPair = z.infer<typeof ZTokenPair>;

/** Claims of the access token identity issues; every service verifies them itself. */
export const ZAccessClaims = z.object({
  sub: z.uuid(),
  role: z.enum(['USER', 'ADMIN']),
  email: z.string(),
  lang: z.enum(['pl', 'en', 'uk']).optional(),
  sid: z.string().optional(),
});
export type TAccessClaims = z.infer<typeof ZAccessClaims>;
