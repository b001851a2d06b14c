import { lazy } from 'react';

/** The send-samples wizard's route, its own chunk (`/soil-tests/:id/send`). */
export const SendSamplesRoute = lazy(() =>
  import('./components/send-samples-page').then((m) => ({ default: m.SendSamplesPage })),
);
