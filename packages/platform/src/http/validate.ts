import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { CommonErrorCode } from '@gleba/contracts';
import { AppError, type ErrorDetail } from './errors';
import type { AuthContext } from './auth';

export function zodDetails(error: z.ZodError, prefix?: string): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

/** Parses with a schema; a failure is a 400 listing the fields, never a 500. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = zodDetails(result.error, where);
  // A schema may name the error code to answer with (a custom issue with `params.errorCode`).
  const coded = result.error.issues.find(
    (issue) => issue.code === 'custom' && typeof issue.params?.errorCode === 'string',
  );
  if (coded?.code === 'custom') {
    const { errorCode, ...params } = coded.params as { errorCode: string } & Record<string, string | number>;
    throw new AppError(errorCode, 400, coded.message, details, params);
  }
  const first = details[0];
  const message = first ? `Invalid ${first.path || where || 'input'}: ${first.message}` : 'Invalid input';
  throw new AppError(CommonErrorCode.validationFailed, 400, message, details);
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

export interface RouteInput<S extends RouteSchemas> {
  body: Infer<S['body']>;
  query: Infer<S['query']>;
  params: Infer<S['params']>;
  auth: AuthContext | undefined;
  req: Request;
  res: Response;
}

/**
 * One route handler: parse body, query and params with their schemas, call the function, and
 * send what it returns as JSON (`undefined` means the function answered itself).
 */
export function route<S extends RouteSchemas>(
  schemas: S,
  fn: (input: RouteInput<S>) => unknown,
  options: { status?: number } = {},
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = {
        body: (schemas.body ? parseInput(schemas.body, req.body ?? {}, 'body') : undefined) as Infer<
          S['body']
        >,
        query: (schemas.query ? parseInput(schemas.query, req.query, 'query') : undefined) as Infer<
          S['query']
        >,
        params: (schemas.params ? parseInput(schemas.params, req.params, 'params') : undefined) as Infer<
          S['params']
        >,
        auth: req.auth,
        req,
        res,
      };
      const result = await fn(input);
      if (result === undefined || res.headersSent) return;
      res.status(options.status ?? 200).json(result);
    } catch (error) {
      next(error);
    }
  };
}
